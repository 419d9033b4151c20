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
    private struct Row {
        let id: String
        let name: String
        let nameWidth: Int
        let numbers: [String]
    }

    /// The table's text, one line per student, each ending with a newline.
    func render(_ students: [Student], order: [Int]? = nil) -> String {
        let rows = (order ?? Array(students.indices)).map { index in
            let student = students[index]
            return
                Row(
                    id: index < shortIDs.count ? shortIDs[index] : student.id.uuidString, name: student.name,
                    nameWidth: DisplayWidth.of(student.name),
                    numbers: [
                        String(student.age), student.grade.map(String.init) ?? "-",
                        student.score.map(StudentText.score) ?? "-",
                    ])
        }
        var widths = Self.headers.map(\.count)
        for row in rows {
            widths[0] = max(widths[0], row.id.utf8.count)
            widths[1] = max(widths[1], row.nameWidth)
            for (index, number) in row.numbers.enumerated() {
                widths[2 + index] = max(widths[2 + index], number.utf8.count)
            }
        }
        let others = widths[0] + widths[2] + widths[3] + widths[4]
        widths[1] = max(4, min(widths[1], width - others - Self.gap * 4))
        var output: [UInt8] = []
        output.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 16))
        if showsHeader {
            var header: [UInt8] = []
            append(
                Row(id: "ID", name: "NAME", nameWidth: 4, numbers: ["AGE", "GRADE", "SCORE"]), widths: widths,
                to: &header)
            header.removeLast()
            output.append(contentsOf: style.bold(String(decoding: header, as: UTF8.self)).utf8)
            output.append(0x0A)
        }
        for row in rows { append(row, widths: widths, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    private func append(_ row: Row, widths: [Int], to output: inout [UInt8]) {
        output.append(contentsOf: row.id.utf8)
        pad(widths[0] - row.id.utf8.count + Self.gap, to: &output)
        if row.nameWidth <= widths[1] {
            output.append(contentsOf: row.name.utf8)
            pad(widths[1] - row.nameWidth, to: &output)
        } else {
            let shortened = DisplayWidth.truncated(row.name, to: widths[1])
            output.append(contentsOf: shortened.utf8)
            pad(widths[1] - DisplayWidth.of(shortened), to: &output)
        }
        for (index, number) in row.numbers.enumerated() {
            pad(Self.gap + widths[2 + index] - number.utf8.count, to: &output)
            output.append(contentsOf: number.utf8)
        }
        output.append(0x0A)
    }

    private func pad(_ count: Int, to output: inout [UInt8]) {
        for _ in 0..<max(0, count) { output.append(0x20) }
    }
}
