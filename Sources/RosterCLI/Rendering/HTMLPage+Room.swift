import RosterEngine
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
    /// and the board at the front; a room of more than ``PrintedRoom/rowsPerPage`` rows goes on
    /// several pages, each with the heading and the board.
    func seats(_ plan: SeatingPlan, teacherView: Bool) -> String {
        let board = "<div class=\"board\">Board</div>\n"
        let rows = SeatingReport.rowsAsSeen(plan, teacherView: teacherView)
        let pages = stride(from: 0, to: rows.count, by: PrintedRoom.rowsPerPage).map {
            rows[$0..<min($0 + PrintedRoom.rowsPerPage, rows.count)]
        }
        let room = PrintedRoom(columns: plan.columns, rows: min(rows.count, PrintedRoom.rowsPerPage))
        var html = ""
        for (number, pageRows) in pages.enumerated() {
            var grid =
                "<div class=\"room\" style=\"grid-template-columns: repeat(\(plan.columns), 1fr); "
                + "grid-auto-rows: \(PrintedRoom.text(room.seatHeight))mm; font-size: \(PrintedRoom.text(room.points))pt\">\n"
            for (_, seats) in pageRows {
                for (seat, student) in seats {
                    let title = seat.description
                    grid +=
                        student.map {
                            "<div class=\"seat\" title=\"\(title)\" dir=\"auto\"\(room.fontStyle(for: $0.name))>"
                                + Self.wholeWords($0.name) + "</div>"
                        } ?? "<div class=\"seat free\" title=\"\(title)\"></div>"
                }
                grid += "\n"
            }
            grid += "</div>\n"
            html += "<section class=\"page\">\n" + header(page: number + 1, of: pages.count)
            html += (teacherView ? board + grid : grid + board) + "</section>\n"
        }
        return html
    }

    /// A name escaped, each of its words kept on one line, a hyphenated one too.
    static func wholeWords(_ name: String) -> String {
        // One element inside the seat: the seat centres it as a flex item, and its words wrap.
        "<span>"
            + name.split(separator: " ").map { "<span class=\"word\">\(escaped(String($0)))</span>" }
            .joined(separator: " ") + "</span>"
    }

    /// The rules for the room's pages, added to ``style``.
    static let roomStyle = """
        .groups { display: flex; flex-wrap: wrap; gap: 1em; }
        .group { border: 2px solid #000; border-radius: 8px; padding: 0.4em 1em; min-width: 14em; break-inside: avoid; page-break-inside: avoid; }
        .group h2 { font-size: 16pt; margin: 0.2em 0; }
        .group ul { list-style: none; margin: 0; padding: 0; }
        .group li { font-size: 20pt; line-height: 1.3; }
        .room { display: grid; gap: 1.5mm; margin: 2mm 0; break-inside: avoid; page-break-inside: avoid; }
        .seat { border: 1px solid #333; border-radius: 4px; padding: 0 1mm; overflow: hidden; display: flex; align-items: center; justify-content: center; text-align: center; line-height: 1.2; word-break: keep-all; overflow-wrap: normal; hyphens: none; break-inside: avoid; }
        .word { white-space: nowrap; }
        .seat.free { border-style: dashed; border-color: #999; }
        .board { border: 2px solid #000; background: #ddd; text-align: center; font-weight: bold; padding: 1mm; margin: 2mm 10%; break-inside: avoid; }
        """
}

/// How a seating plan fits a printed page, A4 or Letter: each seat's height, and type small
/// enough that every name fits its seat in whole words.
///
/// Sizes are worked out here rather than left to the browser, which would break a long name in
/// the middle of a word ("Mohamme|d") or let the room run onto a page without its heading.
struct PrintedRoom {
    /// The most rows a page holds; a larger room goes on several pages.
    static let rowsPerPage = 12
    /// The width the page leaves for the room, in millimetres: A4's, the narrower, less margins.
    static let pageWidth = 186.0
    /// The height the page leaves for the room beside its heading and the board: Letter's.
    static let roomHeight = 200.0
    /// Millimetres between seats, and inside a seat on each side (border and padding).
    static let (gap, inset) = (1.5, 1.3)
    /// Millimetres in a typographic point.
    static let millimetresPerPoint = 0.3528
    /// A character's width in ems, generous for wide letters; a wide (CJK) character counts twice.
    static let characterWidth = 0.6

    /// The height of a seat, in millimetres.
    let seatHeight: Double
    /// The type size of the room, in points: as large as a row has room for, 14 at most.
    let points: Double
    private let seatWidth: Double

    /// The layout of a room `columns` seats wide with `rows` rows on a page.
    init(columns: Int, rows: Int) {
        let columnCount = Double(max(1, columns))
        seatWidth = (Self.pageWidth - Self.gap * (columnCount - 1)) / columnCount - 2 * Self.inset
        seatHeight = min(22, (Self.roomHeight / Double(max(1, rows)) - Self.gap).rounded(.down))
        points = max(6, min(14, (120 / columnCount).rounded(.down)))
    }

    /// A `style` attribute with a smaller type for `name` when it does not fit its seat at the
    /// room's size; empty when it fits.
    func fontStyle(for name: String) -> String {
        let size = points(for: VisibleText.of(name))
        return size < points ? " style=\"font-size: \(Self.text(size))pt\"" : ""
    }

    /// The largest size, in half points down to 4, at which `name`'s words fill lines no wider
    /// than the seat, each word whole, in no more lines than the seat is high.
    func points(for name: String) -> Double {
        let words = name.split(separator: " ").map { DisplayWidth.of(String($0)) }
        var size = points
        while size > 4 {
            let em = size * Self.millimetresPerPoint
            let widths = words.map { Double($0) * Self.characterWidth * em }
            if widths.allSatisfy({ $0 <= seatWidth }),
                Double(lines(widths, space: Self.characterWidth * em)) * 1.2 * em <= seatHeight - 2
                    * Self.inset
            {
                return size
            }
            size -= 0.5
        }
        return 4
    }

    /// A size as CSS takes it: `14`, `6.5`.
    static func text(_ size: Double) -> String {
        size == size.rounded() ? String(Int(size)) : String(size)
    }

    /// How many lines words of `widths` take when each line is filled before the next.
    private func lines(_ widths: [Double], space: Double) -> Int {
        var (count, used) = (1, 0.0)
        for width in widths {
            if used > 0, used + space + width > seatWidth {
                (count, used) = (count + 1, width)
            } else {
                used += (used > 0 ? space : 0) + width
            }
        }
        return count
    }
}
