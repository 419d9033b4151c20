import Foundation
import RosterKit

/// Renders students as an aligned table that fits the terminal's width.
///
/// Columns line up by display width, so names in any script stay aligned; when the table is too
/// wide, the name column is shortened with `…` rather than wrapped. Each name's width is measured
/// once, since measuring is the costly part of a large table.
struct StudentTable {
    /// How many characters of each student's id to show, in the roster's order.
    let shortIDLengths: [Int]
    /// The widest the table may be.
    let width: Int
    /// How the header is styled.
    var style = Style(isEnabled: false)
    /// Whether to print the header row.
    var showsHeader = true

    private static let headers = ["ID", "NAME", "AGE", "GRADE", "SCORE"]
    private static let gap = 2

    /// The table's text, one line per student, each ending with a newline.
    func render(_ students: [Student], order: [Int]? = nil) -> String {
        String(decoding: bytes(students, order: order), as: UTF8.self)
    }

    /// The table's bytes; see ``render(_:order:)``.
    ///
    /// A first pass measures every cell and a second writes the rows, so nothing but one width per
    /// name is kept between them. A long table is measured and written on both cores.
    ///
    /// With `emit`, the rows are handed over a block at a time and the result is empty.
    func bytes(_ students: [Student], order: [Int]? = nil, emit: (([UInt8]) -> Void)? = nil) -> [UInt8] {
        let order = order ?? Array(students.indices)
        var (widths, nameWidths) = measure(students, order[...])
        widths[1] = max(
            4, min(widths[1], width - widths[0] - widths[2] - widths[3] - widths[4] - Self.gap * 4))
        var result: [UInt8] = []
        let emit = emit ?? { result.append(contentsOf: $0) }
        if showsHeader {
            var header: [UInt8] = []
            appendHeader(widths: widths, to: &header)
            emit(header)
        }
        students.withUnsafeBufferPointer { buffer in
            ParallelWork.writeRows(count: order.count, emit: emit) { row, output in
                let index = order[row]
                append(
                    buffer[index], idLength: shortIDLengths[index], nameWidth: nameWidths[row],
                    widths: widths,
                    to: &output)
            }
        }
        return result
    }

    /// The width of every column, and of every row's name; a long table is measured on both cores.
    private func measure(_ students: [Student], _ rows: ArraySlice<Int>) -> ([Int], [Int]) {
        let parts = ParallelWork.halves(count: rows.count) { range in
            measureInOrder(
                students, rows[(rows.startIndex + range.lowerBound)..<(rows.startIndex + range.upperBound)])
        }
        guard parts.count == 2 else { return parts[0] }
        return (zip(parts[0].0, parts[1].0).map(max), parts[0].1 + parts[1].1)
    }

    private func measureInOrder(_ students: [Student], _ rows: ArraySlice<Int>) -> ([Int], [Int]) {
        var widths = Self.headers.map(\.count)
        var nameWidths: [Int] = []
        nameWidths.reserveCapacity(rows.count)
        // Reading through the buffer lends each student instead of copying it.
        students.withUnsafeBufferPointer { buffer in
            for index in rows {
                nameWidths.append(measure(buffer[index], idLength: shortIDLengths[index], into: &widths))
            }
        }
        return (widths, nameWidths)
    }

    /// Widens the columns to fit one student; returns the name's display width.
    private func measure(_ student: Student, idLength: Int, into widths: inout [Int]) -> Int {
        let nameWidth = DisplayWidth.of(student.name)
        widths[0] = max(widths[0], idLength)
        widths[1] = max(widths[1], nameWidth)
        widths[2] = max(widths[2], DecimalText.width(of: student.age))
        widths[3] = max(widths[3], student.grade.map(DecimalText.width(of:)) ?? 1)
        widths[4] = max(widths[4], student.score.map(DecimalText.width(ofScore:)) ?? 1)
        return nameWidth
    }

    private func appendHeader(widths: [Int], to output: inout [UInt8]) {
        var header = "ID" + String(repeating: " ", count: widths[0] - 2 + Self.gap)
        header += "NAME" + String(repeating: " ", count: widths[1] - 4)
        for (title, width) in zip(["AGE", "GRADE", "SCORE"], widths[2...]) {
            header += String(repeating: " ", count: Self.gap + width - title.count) + title
        }
        output.append(contentsOf: style.bold(header).utf8)
        output.append(0x0A)
    }

    private func append(
        _ student: Student, idLength: Int, nameWidth: Int, widths: [Int], to output: inout [UInt8]
    ) {
        UUIDText.append(student.id, to: &output)
        output.removeLast(36 - idLength)
        pad(widths[0] - idLength + Self.gap, to: &output)
        if nameWidth <= widths[1] {
            UTF8Bytes.append(student.name, to: &output)
            pad(widths[1] - nameWidth, to: &output)
        } else {
            let shortened = DisplayWidth.truncated(student.name, to: widths[1])
            output.append(contentsOf: shortened.utf8)
            pad(widths[1] - DisplayWidth.of(shortened), to: &output)
        }
        appendRightAligned(width: widths[2], to: &output) { DecimalText.append(student.age, to: &$0) }
        appendRightAligned(width: widths[3], to: &output) { output in
            if let grade = student.grade {
                DecimalText.append(grade, to: &output)
            } else {
                output.append(0x2D)
            }
        }
        appendRightAligned(width: widths[4], to: &output) { output in
            if let score = student.score {
                DecimalText.append(score: score, to: &output)
            } else {
                output.append(0x2D)
            }
        }
        output.append(0x0A)
    }

    /// Writes a cell with `write`, then moves it right by inserting the spaces before it.
    private func appendRightAligned(width: Int, to output: inout [UInt8], _ write: (inout [UInt8]) -> Void) {
        let start = output.count
        write(&output)
        let padding = Self.gap + width - (output.count - start)
        if padding > 0 { output.insert(contentsOf: repeatElement(0x20, count: padding), at: start) }
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
