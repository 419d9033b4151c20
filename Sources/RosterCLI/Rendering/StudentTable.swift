import Foundation
import RosterKit

/// Renders students as an aligned table that fits the terminal's width.
///
/// Columns line up by display width, so names in any script stay aligned; when the table is too
/// wide, the name column is shortened with `…` rather than wrapped.
struct StudentTable {
    /// The short id to show for each student.
    let shortIDs: [UUID: String]
    /// The widest the table may be.
    let width: Int
    /// Whether to print the header row.
    var showsHeader = true

    private static let headers = ["ID", "NAME", "AGE", "GRADE", "SCORE"]
    private static let gap = "  "

    /// The table's text, one line per student, each ending with a newline.
    func render(_ students: [Student]) -> String {
        let rows = students.map { student -> [String] in
            [
                shortIDs[student.id] ?? student.id.uuidString, student.name, String(student.age),
                student.grade.map(String.init) ?? "-", student.score.map(StudentText.score) ?? "-",
            ]
        }
        var widths = Self.headers.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        let others = widths.enumerated().filter { $0.offset != 1 }.map(\.element).reduce(0, +)
        widths[1] = max(4, min(widths[1], width - others - Self.gap.count * 4))
        var text = showsHeader ? line(Self.headers, widths: widths) : ""
        text.reserveCapacity(rows.count * (widths.reduce(0, +) + 10))
        for row in rows { text += line(row, widths: widths) }
        return text
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        let id = DisplayWidth.padded(cells[0], to: widths[0])
        let name = DisplayWidth.padded(DisplayWidth.truncated(cells[1], to: widths[1]), to: widths[1])
        let numbers = (2..<5).map { DisplayWidth.rightAligned(cells[$0], to: widths[$0]) }
        return ([id, name] + numbers).joined(separator: Self.gap) + "\n"
    }
}
