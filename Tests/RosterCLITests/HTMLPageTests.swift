import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// `list --format html`: one self-contained page to print, every roster text escaped, rows in
/// page-sized groups, with empty tick columns on request.
@Suite("Pages to print")
struct HTMLPageTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["<script>alert(1)</script>", "\"><img src=x>", "محمد العلي", "Zoë Martin"] {
            try sandbox.add(name)
        }
    }

    @Test("a class list is one page with nothing to fetch, and every name is text")
    func escaped() {
        let page = sandbox.run(["list", "--format", "html"])
        #expect(page.status == 0)
        #expect(page.output.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.output.hasSuffix("</html>\n"))
        for fetched in ["<script", "<img", "src=\"", "href=\"", "url(", "@import", "<link"] {
            #expect(!page.output.contains(fetched), "\(fetched)")
        }
        #expect(page.output.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.output.contains("&quot;&gt;&lt;img src=x&gt;"))
        #expect(page.output.contains("<td class=\"name\" dir=\"auto\">محمد العلي</td>"))
        #expect(page.output.contains("<td class=\"name\" dir=\"auto\">Zoë Martin</td>"))
        #expect(page.output.contains("@page"))
    }

    @Test("--blank adds empty tick columns; it needs --format html and a small number")
    func blank() {
        let page = sandbox.run(["list", "--format", "html", "--blank", "5"])
        #expect(page.output.components(separatedBy: "<th class=\"tick\"></th>").count - 1 == 5)
        #expect(page.output.components(separatedBy: "<td class=\"tick\"></td>").count - 1 == 5 * 4)
        for arguments in [
            ["list", "--blank", "5"], ["list", "--format", "csv", "--blank", "2"],
            ["list", "--format", "html", "--blank", "0"], ["list", "--format", "html", "--blank", "21"],
            ["list", "--format", "html", "--no-header"],
        ] {
            let refused = sandbox.run(arguments)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.output.isEmpty)
        }
    }

    @Test("--columns chooses the printed columns, in its order; it needs --format html and known names")
    func columns() throws {
        _ = sandbox.run(["edit", "zoe", "--school-id", "0042"])
        let wall = sandbox.run(["list", "--format", "html", "--columns", "name"])
        #expect(wall.status == 0)
        #expect(wall.output.contains("<thead><tr><th>Name</th></tr></thead>"))
        #expect(wall.output.contains("<tr><td class=\"name\" dir=\"auto\">Zoë Martin</td></tr>"))
        for hidden in ["<th>Age</th>", "<th>Score</th>", "<td>12</td>"] {
            #expect(!wall.output.contains(hidden))
        }
        let chosen = sandbox.run(["list", "--format", "html", "--columns", "school-id,name"])
        #expect(chosen.output.contains("<thead><tr><th>School ID</th><th>Name</th></tr></thead>"))
        #expect(
            chosen.output.contains("<tr><td>0042</td><td class=\"name\" dir=\"auto\">Zoë Martin</td></tr>"))
        for wrong in [
            ["--columns", "name"], ["--format", "html", "--columns", "name,phone"],
            ["--format", "html", "--columns", "name,name"], ["--format", "html", "--columns", ""],
        ] {
            let result = sandbox.run(["list"] + wrong)
            #expect(result.status == 64, "\(wrong)")
            #expect(result.errorLine.contains("--columns"), "\(wrong): \(result.errorOutput)")
        }
    }

    @Test("100 students print as three pages of at most 35 rows, each with the class's header")
    func pages() throws {
        for number in 1...96 { try sandbox.add("Student \(number)") }
        let page = sandbox.run(["list", "--format", "html", "--sort", "added"]).output
        let sections = page.components(separatedBy: "<section class=\"page\">").dropFirst()
        #expect(sections.count == 3)
        #expect(sections.map { $0.components(separatedBy: "<tr><td").count - 1 } == [35, 35, 30])
        for (number, section) in sections.enumerated() {
            #expect(section.contains("<thead>"))
            #expect(section.contains("page \(number + 1) of 3"))
        }
        #expect(page.contains("Class list, 100 students"))
    }

    @Test("a week's register page is the grid of marks with each student's total")
    func registerWeek() throws {
        #expect(sandbox.run(["absent", "zoë", "--date", "2026-11-30", "--reason", "<b>ill</b>"]).status == 0)
        #expect(sandbox.run(["absent", "محمد", "--late", "--date", "2026-12-01"]).status == 0)
        let page = sandbox.run(["register", "--week", "2026-12-02", "--format", "html"]).output
        #expect(
            page.contains(
                "<th>Mon 30</th><th>Tue 01</th><th>Wed 02</th><th>Thu 03</th><th>Fri 04</th><th>Total</th>"))
        #expect(
            page.contains(
                "<td class=\"name\" dir=\"auto\">Zoë Martin</td><td>A</td><td>.</td><td></td><td></td><td></td><td>1/2</td>"
            )
        )
        #expect(
            page.contains(
                "<td class=\"name\" dir=\"auto\">محمد العلي</td><td>.</td><td>L</td><td></td><td></td><td></td><td>2/2</td>"
            )
        )
        #expect(page.contains("week of Monday 2026-11-30"))
        let day = sandbox.run(["register", "--date", "2026-11-30", "--format", "html"]).output
        #expect(
            day.contains(
                "<td class=\"name\" dir=\"auto\">Zoë Martin</td><td>absent</td><td>&lt;b&gt;ill&lt;/b&gt;</td>"
            ))
        #expect(day.contains("3 present"))
        let range = sandbox.run([
            "register", "--from", "2026-11-30", "--to", "2026-12-01", "--format", "html",
        ])
        #expect(
            range.output.contains(
                "<td class=\"name\" dir=\"auto\">Zoë Martin</td><td>2</td><td>1</td><td>0</td><td>1</td><td>0</td><td>50%</td>"
            ))
        for fetched in ["<script", "<img", "<b>"] { #expect(!(page + day + range.output).contains(fetched)) }
    }

    @Test("groups print as boxes of names, each name escaped")
    func groups() {
        let page = sandbox.run(
            ["groups", "--count", "2", "--format", "html"], environment: ["ROSTER_SEED": "1"])
        #expect(page.status == 0)
        #expect(page.output.components(separatedBy: "<div class=\"group\">").count - 1 == 2)
        #expect(page.output.components(separatedBy: "<li dir=\"auto\">").count - 1 == 4)
        #expect(page.output.contains("<li dir=\"auto\">&lt;script&gt;alert(1)&lt;/script&gt;</li>"))
        #expect(!page.output.contains("<script") && page.output.contains("<h2>Group 2</h2>"))
    }

    @Test("--output writes the page to a file and says so; it needs a page and an .html name")
    func output() throws {
        let file = sandbox.folder.appendingPathComponent("list.html")
        let written = sandbox.run(["list", "--format", "html", "--output", file.path])
        #expect(written.status == 0 && written.output == "Wrote the class list to \(file.path).\n")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == sandbox.run(["list", "--format", "html"]).output)
        for arguments in [
            ["list", "--output", file.path], ["register", "--format", "csv", "--output", file.path],
            ["groups", "--count", "2", "--format", "html", "--output", "groups.xlsx"],
            ["register", "--week", "--format", "html", "--output", ""],
            ["register", "--take", "--format", "html"],
        ] {
            let refused = sandbox.run(arguments)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.errorLine.hasPrefix("Error: "))
        }
    }
}
