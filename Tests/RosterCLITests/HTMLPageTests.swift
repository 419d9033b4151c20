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
        #expect(page.output.contains("<td dir=\"auto\">محمد العلي</td>"))
        #expect(page.output.contains("<td dir=\"auto\">Zoë Martin</td>"))
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
}
