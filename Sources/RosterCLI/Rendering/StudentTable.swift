import Foundation
import RosterKit

/// Renders students as an aligned table that fits the terminal's width.
///
/// Columns line up by display width, so names in any script stay aligned; when the table is too
/// wide, the name column is shortened with `…` rather than wrapped. Each name's width is measured
/// once, since measuring is the costly part of a large table.
struct StudentTable {
    /// The short id to show for each student, in the roster's order.
    let shortIDs: [String]
    /// The widest the table may be.
    let width: Int
    /// How the header is styled.
    var style = Style(isEnabled: false)
    /// Whether to print the header row.
    var showsHeader = true

    private static let headers = ["ID", "NAME", "AGE", "GRADE", "SCORE"]
    private static let gap = 2

    /// One row's cells, with the name's display width.
    /// One row's cells; short texts such as these are stored inline, so a row costs no allocation.
    private struct Row {
        let id: String
        let name: String
        let nameWidth: Int
        let age: String
        let grade: String
        let score: String
    }

    /// The table's text, one line per student, each ending with a newline.
    func render(_ students: [Student], order: [Int]? = nil) -> String {
        String(decoding: bytes(students, order: order), as: UTF8.self)
    }

    /// The table's bytes; see ``render(_:order:)``.
    func bytes(_ students: [Student], order: [Int]? = nil) -> [UInt8] {
        let rows = (order ?? Array(students.indices)).map { index in
            let student = students[index]
            return Row(
                id: index < shortIDs.count ? shortIDs[index] : student.id.uuidString, name: student.name,
                nameWidth: DisplayWidth.of(student.name), age: String(student.age),
                grade: student.grade.map(String.init) ?? "-",
                score: student.score.map(StudentText.score) ?? "-")
        }
        var widths = Self.headers.map(\.count)
        for row in rows {
            widths[0] = max(widths[0], row.id.utf8.count)
            widths[1] = max(widths[1], row.nameWidth)
            widths[2] = max(widths[2], row.age.utf8.count)
            widths[3] = max(widths[3], row.grade.utf8.count)
            widths[4] = max(widths[4], row.score.utf8.count)
        }
        let others = widths[0] + widths[2] + widths[3] + widths[4]
        widths[1] = max(4, min(widths[1], width - others - Self.gap * 4))
        var output: [UInt8] = []
        output.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 16))
        if showsHeader {
            var header: [UInt8] = []
            let titles = Row(id: "ID", name: "NAME", nameWidth: 4, age: "AGE", grade: "GRADE", score: "SCORE")
            append(titles, widths: widths, to: &header)
            header.removeLast()
            output.append(contentsOf: style.bold(String(decoding: header, as: UTF8.self)).utf8)
            output.append(0x0A)
        }
        for row in rows { append(row, widths: widths, to: &output) }
        return output
    }

    private func append(_ row: Row, widths: [Int], to output: inout [UInt8]) {
        output.append(contentsOf: row.id.utf8)
        pad(widths[0] - row.id.utf8.count + Self.gap, to: &output)
        if row.nameWidth <= widths[1] {
            UTF8Bytes.append(row.name, to: &output)
            pad(widths[1] - row.nameWidth, to: &output)
        } else {
            let shortened = DisplayWidth.truncated(row.name, to: widths[1])
            output.append(contentsOf: shortened.utf8)
            pad(widths[1] - DisplayWidth.of(shortened), to: &output)
        }
        appendRightAligned(row.age, width: widths[2], to: &output)
        appendRightAligned(row.grade, width: widths[3], to: &output)
        appendRightAligned(row.score, width: widths[4], to: &output)
        output.append(0x0A)
    }

    private func appendRightAligned(_ number: String, width: Int, to output: inout [UInt8]) {
        pad(Self.gap + width - number.utf8.count, to: &output)
        output.append(contentsOf: number.utf8)
    }

    private func pad(_ count: Int, to output: inout [UInt8]) {
        if count > 0 { output.append(contentsOf: repeatElement(0x20, count: count)) }
    }
}

/// Appends a string's bytes in one copy, from its contiguous UTF-8 storage.
enum UTF8Bytes {
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
