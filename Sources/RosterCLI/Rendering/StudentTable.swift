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
        var (widths, nameWidths) = measure(students, listing: order)
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
                    buffer[index], idLength: shortIDLengths[index], nameWidth: nameWidths[index],
                    widths: widths,
                    to: &output)
            }
        }
        return result
    }

    /// The width of every column, and of every listed student's name by position in `students`
    /// (0 for a student not listed); a long table is measured on both cores.
    ///
    /// Students are measured in the roster's order, whatever the listing's: reading a large
    /// roster from start to end is several times faster than jumping about it in sorted order.
    private func measure(_ students: [Student], listing order: [Int]) -> ([Int], [Int]) {
        var isListed: [Bool] = []
        if order.count < students.count {
            isListed = Array(repeating: false, count: students.count)
            for index in order { isListed[index] = true }
        }
        let parts = ParallelWork.halves(count: students.count) { range in
            measure(students, range, isListed: isListed)
        }
        guard parts.count == 2 else { return parts[0] }
        return (zip(parts[0].0, parts[1].0).map(max), parts[0].1 + parts[1].1)
    }

    private func measure(_ students: [Student], _ range: Range<Int>, isListed: [Bool]) -> ([Int], [Int]) {
        var widths = Self.headers.map(\.count)
        var nameWidths = Array(repeating: 0, count: range.count)
        // Reading through the buffer lends each student instead of copying it.
        students.withUnsafeBufferPointer { buffer in
            for index in range where isListed.isEmpty || isListed[index] {
                nameWidths[index - range.lowerBound] = measure(
                    buffer[index], idLength: shortIDLengths[index], into: &widths)
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
        let name = nameWidth <= widths[1] ? student.name : DisplayWidth.truncated(student.name, to: widths[1])
        let shownWidth = nameWidth <= widths[1] ? nameWidth : DisplayWidth.of(name)
        let maximumCount =
            64 + widths.reduce(0, +) + 5 * Self.gap + name.utf8.count + 2 * ByteCursor.maximumDecimalCount
            + ByteCursor.maximumScoreCount
        ByteCursor.appendRow(to: &output, maximumCount: maximumCount) { row in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { id in
                var text = ByteCursor(id)
                text.append(id: student.id)
                row.append(UnsafeBufferPointer(rebasing: text.written[..<idLength]))
            }
            row.append(spaces: widths[0] - idLength + Self.gap)
            row.append(utf8: name)
            row.append(spaces: widths[1] - shownWidth)
            row.append(spaces: Self.gap + widths[2] - DecimalText.width(of: student.age))
            row.append(decimal: student.age)
            row.append(spaces: Self.gap + widths[3] - (student.grade.map(DecimalText.width(of:)) ?? 1))
            if let grade = student.grade { row.append(decimal: grade) } else { row.append(0x2D) }
            row.append(spaces: Self.gap + widths[4] - (student.score.map(DecimalText.width(ofScore:)) ?? 1))
            if let score = student.score { row.append(score: score) } else { row.append(0x2D) }
            row.append(0x0A)
        }
    }
}
