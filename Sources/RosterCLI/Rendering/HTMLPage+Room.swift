import RosterKit

/// The pages for the room: groups as boxes of names to read from the back, and the seating plan
/// as a grid with the board at its front.
extension HTMLPage {
    /// Each group a box of names, large enough to read across a classroom.
    func groups(_ groups: [[Student]]) -> String {
        var html = "<section class=\"page\">\n" + header(page: 1, of: 1) + "<div class=\"groups\">\n"
        for (number, group) in groups.enumerated() {
            html += "<div class=\"group\"><h2>Group \(number + 1)</h2><ul>"
            html += group.map { "<li dir=\"auto\">\(Self.escaped($0.name))</li>" }.joined()
            html += "</ul></div>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// The room as one view sees it (see ``SeatingReport``): a grid of seats, free seats blank,
    /// and the board at the front.
    func seats(_ plan: SeatingPlan, teacherView: Bool) -> String {
        let board = "<div class=\"board\">Board</div>\n"
        // Names as large as the row has room for: 14 pt for a classroom, down to 6 pt for a hall.
        let points = max(6, min(14, 120 / plan.columns))
        var room =
            "<div class=\"room\" style=\"grid-template-columns: repeat(\(plan.columns), 1fr); "
            + "font-size: \(points)pt\">\n"
        for (_, seats) in SeatingReport.rowsAsSeen(plan, teacherView: teacherView) {
            for (seat, student) in seats {
                let title = seat.description
                room +=
                    student.map {
                        "<div class=\"seat\" title=\"\(title)\" dir=\"auto\">\(Self.escaped($0.name))</div>"
                    } ?? "<div class=\"seat free\" title=\"\(title)\"></div>"
            }
            room += "\n"
        }
        room += "</div>\n"
        return "<section class=\"page\">\n" + header(page: 1, of: 1)
            + (teacherView ? board + room : room + board)
            + "</section>\n"
    }

    /// The rules for the room's pages, added to ``style``.
    static let roomStyle = """
        .groups { display: flex; flex-wrap: wrap; gap: 1em; }
        .group { border: 2px solid #000; border-radius: 8px; padding: 0.4em 1em; min-width: 14em; break-inside: avoid; page-break-inside: avoid; }
        .group h2 { font-size: 16pt; margin: 0.2em 0; }
        .group ul { list-style: none; margin: 0; padding: 0; }
        .group li { font-size: 20pt; line-height: 1.3; }
        .room { display: grid; gap: 6px; margin: 0.5em 0; }
        .seat { border: 1px solid #333; border-radius: 4px; min-height: 3em; padding: 0.3em; display: flex; align-items: center; justify-content: center; text-align: center; overflow-wrap: anywhere; break-inside: avoid; }
        .seat.free { border-style: dashed; border-color: #999; }
        .board { border: 2px solid #000; background: #ddd; text-align: center; font-weight: bold; padding: 0.3em; margin: 0.5em 10%; }
        """
}
