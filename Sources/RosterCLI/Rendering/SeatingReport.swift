import RosterEngine
import RosterKit

/// A seating plan as `roster seats` prints it: a grid of names for the terminal, JSON, CSV, or a
/// page to print (see ``HTMLPage``).
///
/// The class's view, the default, shows the room as the class sees the board: the front row at
/// the bottom. The teacher's view shows it from the board: the front row at the top, and left and
/// right swapped, as the teacher faces the class.
enum SeatingReport {
    /// A taken seat, as `seats --format json` writes it.
    private struct Taken: Encodable {
        let row: Int
        let column: Int
        let id: String
        let name: String
    }

    /// The plan, as `seats --format json` writes it.
    private struct Room: Encodable {
        let rows: Int
        let columns: Int
        let seats: [Taken]
    }

    /// The rows of the grid, top to bottom, each its seats left to right, as one view sees them.
    static func rowsAsSeen(_ plan: SeatingPlan, teacherView: Bool)
        -> [(row: Int, seats: [(seat: SeatingPlan.Seat, student: Student?)])]
    {
        let rows = teacherView ? Array(1...plan.rows) : Array((1...plan.rows).reversed())
        let columns = teacherView ? Array((1...plan.columns).reversed()) : Array(1...plan.columns)
        return rows.map { row in
            (
                row,
                columns.map { column in
                    let seat = SeatingPlan.Seat(row: row, column: column)
                    return (seat, plan.student(in: seat))
                }
            )
        }
    }

    static func json(_ plan: SeatingPlan) throws -> String {
        try JSONReport.text(
            Room(
                rows: plan.rows, columns: plan.columns,
                seats: plan.taken.map {
                    Taken(
                        row: $0.seat.row, column: $0.seat.column, id: $0.student.id.uuidString,
                        name: $0.student.name)
                }))
    }

    static func csv(_ plan: SeatingPlan) -> String {
        "row,column,id,name\r\n"
            + plan.taken.map {
                "\($0.seat.row),\($0.seat.column),\($0.student.id.uuidString),\(CSVRosterWriter.field(VisibleText.of($0.student.name)))\r\n"
            }.joined()
    }

    /// The grid for a terminal `width` wide: each seat a cell, names cut with `…` to fit, a free
    /// seat `-`; when even short cells do not fit, one line a seat instead.
    static func grid(_ plan: SeatingPlan, teacherView: Bool, width: Int) -> String {
        let label = { (row: Int) in "row \(row)" }
        let labelWidth = label(plan.rows).count + 2
        let names = plan.seats.compactMap { $0.map { VisibleText.of($0.name) } }
        let longest = max(4, names.map(DisplayWidth.of).max() ?? 0)
        let cell = min(longest, (width - labelWidth - 2 * (plan.columns - 1)) / plan.columns)
        let board = teacherView ? "front: the board (teacher's view)" : "front: the board"
        guard cell >= 4 else { return seatLines(plan) }
        let rule = String(repeating: " ", count: labelWidth) + "[ \(board) ]"
        var lines: [String] = []
        for (row, seats) in rowsAsSeen(plan, teacherView: teacherView) {
            let cells = seats.map { _, student -> String in
                let name = student.map { VisibleText.of($0.name) } ?? "-"
                return DisplayWidth.padded(DisplayWidth.truncated(name, to: cell), to: cell)
            }
            var line =
                label(row) + String(repeating: " ", count: labelWidth - label(row).count)
                + cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if teacherView { lines.insert(rule, at: 0) } else { lines.append(rule) }
        return heading(plan) + "\n" + lines.joined(separator: "\n") + "\n"
    }

    /// `Seating plan: 3 rows of 9 seats, 25 students seated`.
    static func heading(_ plan: SeatingPlan) -> String {
        "Seating plan: \(plan.rows) row\(plan.rows == 1 ? "" : "s") of \(plan.columns) "
            + "seat\(plan.columns == 1 ? "" : "s"), \(StudentText.count(plan.taken.count)) seated"
    }

    /// One line a taken seat, front first: for a room too wide for the terminal.
    private static func seatLines(_ plan: SeatingPlan) -> String {
        heading(plan) + "; too wide to draw here, a seat a line, row 1 at the board\n"
            + plan.taken.map { "\($0.seat): \(VisibleText.of($0.student.name))\n" }.joined()
    }
}
