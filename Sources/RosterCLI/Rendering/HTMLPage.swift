import RosterEngine
import RosterKit

/// A printable page: one self-contained HTML document with a print stylesheet, for a class list
/// on paper (`roster list --format html`).
///
/// Nothing is fetched: no scripts, fonts, images or links, only system fonts. Every text from the
/// roster is escaped, and each name is set `dir="auto"`, so a name written right to left shows as
/// it is written. Rows come in groups of ``rowsPerPage``, each its own table with its own header,
/// with a page break between groups, so no row is cut across pages on A4 or Letter.
struct HTMLPage {
    /// The page's header: the class (or the file's name), the date and what the page is.
    let title: String
    let date: String
    let subject: String

    /// How many rows a printed page holds.
    static let rowsPerPage = 35
    /// How many rows a page turned for a wide table holds.
    static let rowsPerLandscapePage = 24

    /// The whole document around `body`; `landscape` turns the paper for a wide table.
    func document(_ body: String, landscape: Bool = false) -> String {
        let heading = Self.escaped(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading) – \(Self.escaped(subject))</title>
            <style>\(Self.style)\n\(Self.roomStyle)\(landscape ? "\n@page { size: landscape; }" : "")</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The header that starts each printed page.
    func header(page: Int, of pages: Int) -> String {
        let count = pages > 1 ? " · page \(page) of \(pages)" : ""
        return
            "<header><h1>\(Self.escaped(title))</h1><p>\(Self.escaped(subject)) · \(Self.escaped(date))\(count)</p></header>\n"
    }

    /// A table of `rows` under `columns`, in page-sized groups, each with the page's header; the
    /// cells of column `names` are names, set `dir="auto"`.
    func tables(
        columns: [String], rows: [[String]], blank: Int = 0, names: Int = 0,
        perPage: Int = HTMLPage.rowsPerPage
    ) -> String {
        let groups = stride(from: 0, to: max(rows.count, 1), by: perPage).map {
            Array(rows[$0..<min($0 + perPage, rows.count)])
        }
        let head =
            "<thead><tr>" + columns.map { "<th>\(Self.escaped($0))</th>" }.joined()
            + String(repeating: "<th class=\"tick\"></th>", count: blank) + "</tr></thead>\n"
        var html = ""
        for (number, group) in groups.enumerated() {
            html += "<section class=\"page\">\n" + header(page: number + 1, of: groups.count)
            html += "<table>\n" + head + "<tbody>\n"
            for row in group {
                html += "<tr>"
                for (index, cell) in row.enumerated() {
                    html += index == names ? Self.nameCell(cell) : "<td>\(Self.escaped(cell))</td>"
                }
                html += String(repeating: "<td class=\"tick\"></td>", count: blank) + "</tr>\n"
            }
            html += "</tbody>\n</table>\n</section>\n"
        }
        return html
    }

    /// A name's cell: written in its own direction, never broken across lines, and in smaller
    /// type when it is long, so that a name is read whole.
    static func nameCell(_ name: String) -> String {
        let kind = DisplayWidth.of(name) > longName ? "name long" : "name"
        return "<td class=\"\(kind)\" dir=\"auto\">\(escaped(name))</td>"
    }

    /// The width past which a name is printed in smaller type.
    static let longName = 24

    /// Text made safe to stand in HTML as text or in a quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in VisibleText.of(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// On screen a readable table; on paper A4 or Letter, one group of rows a page.
    static let style = """
        @page { size: auto; margin: 15mm 12mm; }
        body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif; margin: 1.5em; color: #000; }
        header h1 { font-size: 16pt; margin: 0; }
        header p { margin: 2pt 0 8pt; color: #333; font-size: 10pt; }
        table { border-collapse: collapse; width: 100%; }
        th, td { border: 1px solid #555; padding: 1pt 4pt; text-align: start; font-size: 10pt; line-height: 13pt; height: 13pt; }
        th { background: #eee; vertical-align: bottom; }
        thead { display: table-header-group; }
        td.name { white-space: nowrap; }
        td.name.long { font-size: 8pt; }
        td.tick, th.tick { width: 2.2em; }
        tr { break-inside: avoid; page-break-inside: avoid; }
        section.page { break-after: page; page-break-after: always; }
        section.page:last-child { break-after: auto; page-break-after: auto; }
        @media print { body { margin: 0; } th { background: none; } }
        """
}

extension HTMLPage {
    /// Today's page about `subject`, headed with the roster the command works on.
    init(today subject: String, for context: CommandContext) {
        self.init(title: context.rosterTitle, date: SchoolDay.today().text, subject: subject)
    }
}
