import Foundation
import RosterTestSupport
import Testing

/// The pages roster writes, printed by a real browser: headless Chromium prints each to PDF on A4
/// and on Letter, and poppler's `pdftotext` must find every name as stored, the page count a
/// class list of 30 and of 100 students should have, and each printed page holding just its own
/// group of rows. Run with `ROSTER_FULL_TESTS=1` (see `TestSweep`), where Chromium and poppler are
/// installed; `.ci/run` installs both and sets it.
@Suite(
    "Pages printed by Chromium",
    .enabled(if: TestSweep.isFull && installedTool("chromium") != nil && installedTool("pdftotext") != nil),
    .serialized)
struct PrintedPageTests {
    /// Names in five scripts, and two that would be markup if they were not escaped.
    static let specialNames = [
        "<script>alert(1)</script>", "\"><img src=x>", "Zoë Martin", "Иван Петров", "王小明", "अनन्या शर्मा",
        "محمد العلي",
    ]

    /// A class of `count` students: the special names and numbered students, added in that order.
    static func classOf(_ count: Int) throws -> RosterSandbox {
        let sandbox = try RosterSandbox()
        for name in specialNames {
            try #require(try roster(["add", name, "--age", "12"], sandbox).status == 0)
        }
        let rows = (1...(count - specialNames.count)).map { "\(numbered($0)),12\n" }.joined()
        let csv = sandbox.folder.appendingPathComponent("class.csv")
        try Data(("name,age\n" + rows).utf8).write(to: csv)
        try #require(try roster(["import", csv.path], sandbox).status == 0)
        return sandbox
    }

    static func roster(_ arguments: [String], _ sandbox: RosterSandbox) throws -> RunResult {
        try RosterBinary.run(
            arguments, environment: sandbox.environment.merging(["ROSTER_SEED": "7"]) { $1 })
    }

    /// The page `arguments` write, printed on `paper` (`A4` or `letter`): the text of each PDF page.
    static func printed(_ arguments: [String], on paper: String, _ sandbox: RosterSandbox) throws -> [String]
    {
        try printedPage(arguments, on: paper, sandbox).pages
    }

    /// The page `arguments` write, and the text of each page it prints on.
    static func printedPage(_ arguments: [String], on paper: String, _ sandbox: RosterSandbox) throws
        -> (html: String, pages: [String])
    {
        let page = try roster(arguments, sandbox)
        try #require(page.status == 0, "\(arguments): \(page.errorOutput)")
        let html = sandbox.folder.appendingPathComponent("page.html")
        let sized = page.output.replacingOccurrences(
            of: "</head>", with: "<style>@page { size: \(paper); }</style>\n</head>")
        try Data(sized.utf8).write(to: html)
        let pdf = sandbox.folder.appendingPathComponent("page.pdf")
        try? FileManager.default.removeItem(at: pdf)
        let profile = sandbox.folder.appendingPathComponent("chromium-profile")
        let (status, output) = try run(
            "timeout",
            [
                "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                "--user-data-dir=\(profile.path)", "--print-to-pdf=\(pdf.path)", html.absoluteString,
            ])
        try #require(status == 0 && FileManager.default.fileExists(atPath: pdf.path), "chromium: \(output)")
        let (textStatus, text) = try run("pdftotext", ["-enc", "UTF-8", pdf.path, "-"])
        try #require(textStatus == 0, "pdftotext: \(text)")
        // pdftotext ends each page with a form feed, and marks right-to-left runs with controls.
        let directional = Set(
            "\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}")
        var pages = text.filter { !directional.contains($0) }.components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return (page.output, pages.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") })
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        let executable: URL = try #require(installedTool(tool))
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A numbered student's name; no one's name is part of another's.
    static func numbered(_ number: Int) -> String {
        "Student " + String(repeating: "0", count: 3 - String(number).count) + String(number)
    }

    /// Every student's name, as the roster stores them, in the order they were added.
    static func names(_ count: Int) -> [String] {
        specialNames + (1...(count - specialNames.count)).map(numbered)
    }

    @Test(
        "a class list of 30 prints on one page and of 100 on three, on A4 and Letter, no row cut",
        arguments: [30, 100])
    func classList(count: Int) throws {
        let sandbox = try Self.classOf(count)
        let names = Self.names(count)
        for paper in ["A4", "letter"] {
            let pages = try Self.printed(
                ["list", "--format", "html", "--sort", "added", "--blank", "3"], on: paper, sandbox)
            let expected = (count + 34) / 35
            #expect(pages.count == expected, "\(paper)")
            for (number, page) in pages.enumerated() {
                if expected > 1 { #expect(page.contains("page \(number + 1) of \(expected)"), "\(paper)") }
                // Each printed page holds exactly its own 35 rows: none cut to the next page.
                for (index, name) in names.enumerated() {
                    let ownPage = index / 35 == number
                    #expect(page.contains(name) == ownPage, "\(paper) page \(number + 1): \(name)")
                }
            }
        }
    }

    @Test("a week's register of 100 prints on three pages with every name and total", arguments: [30, 100])
    func registerWeek(count: Int) throws {
        let sandbox = try Self.classOf(count)
        #expect(try Self.roster(["absent", "zoë", "--date", "2026-11-30"], sandbox).status == 0)
        let pages = try Self.printed(
            ["register", "--week", "2026-11-30", "--format", "html"], on: "A4", sandbox)
        #expect(pages.count == (count + 34) / 35)
        let text = pages.joined(separator: " ")
        for name in Self.names(count) { #expect(text.contains(name), "\(name)") }
        #expect(text.contains("Zoë Martin A 0/1") && text.contains("Total"))
    }

    @Test("groups print each box whole on one page; the seating plan on one page, both with every name")
    func groupsAndSeats() throws {
        let sandbox = try Self.classOf(30)
        let (html, groups) = try Self.printedPage(
            ["groups", "--count", "6", "--format", "html"], on: "A4", sandbox)
        let boxes = html.components(separatedBy: "<div class=\"group\">").dropFirst()
        #expect(boxes.count == 6)
        for (number, box) in boxes.enumerated() {
            let members = box.components(separatedBy: "<li dir=\"auto\">").dropFirst().map {
                $0.components(separatedBy: "</li>")[0].replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
                        of: "&quot;", with: "\""
                    )
                    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            }
            #expect(members.count == 5)
            // The whole box is on the page that has its heading.
            let page = try #require(groups.first { $0.contains("Group \(number + 1) ") })
            for name in members { #expect(page.contains(name), "group \(number + 1): \(name)") }
        }
        let groupText = groups.joined(separator: " ")
        for name in Self.names(30) { #expect(groupText.contains(name), "\(name)") }
        #expect(try Self.roster(["seats", "--rows", "5", "--columns", "6"], sandbox).status == 0)
        for view in [[], ["--teacher-view"]] {
            let seats = try Self.printed(["seats", "--format", "html"] + view, on: "A4", sandbox)
            #expect(seats.count == 1)
            // A long name wraps inside its seat, so the seat's text is compared without spaces.
            let text = seats.joined().filter { !$0.isWhitespace }
            for name in Self.names(30) { #expect(text.contains(name.filter { !$0.isWhitespace }), "\(name)") }
            #expect(text.contains("Board"))
        }
    }

    /// Long names of several words, which a seat must show in whole words.
    static let longNames = [
        "Mohammed Al-Rashid", "Siobhán Ní Bhriain", "Maximilian Oppenheimer-Vandersloot",
        "Anastasia Konstantinopoulou", "Bartholomew Fitzwilliam", "María José García-Fernández",
    ]

    /// The words of a printed page, a word broken after a hyphen joined again.
    static func words(_ page: String) -> [String] {
        var words: [String] = []
        for token in page.split(separator: " ").map(String.init) {
            if let last = words.last, last.hasSuffix("-") {
                words[words.count - 1] = last + token
            } else {
                words.append(token)
            }
        }
        return words
    }

    @Test(
        "a hall of 9 by 9 prints on one page with its heading and board, each name in whole words",
        arguments: ["A4", "letter"])
    func hall(paper: String) throws {
        let sandbox = try Self.classOf(81 - Self.longNames.count)
        for name in Self.longNames {
            try #require(try Self.roster(["add", name, "--age", "12"], sandbox).status == 0)
        }
        #expect(try Self.roster(["seats", "--rows", "9", "--columns", "9"], sandbox).status == 0)
        let pages = try Self.printed(["seats", "--format", "html"], on: paper, sandbox)
        #expect(pages.count == 1, "\(pages)")
        let words = Set(Self.words(pages.joined(separator: " ")))
        for name in Self.longNames {
            for word in name.split(separator: " ") {
                #expect(words.contains(String(word)), "\(word) in \(pages)")
            }
        }
        #expect(words.contains("Board") && pages[0].contains("Seating plan"))
    }

    @Test("a room of 30 rows prints on three pages, each with the heading and the board")
    func longRoom() throws {
        let sandbox = try Self.classOf(60)
        #expect(try Self.roster(["seats", "--rows", "30", "--columns", "2"], sandbox).status == 0)
        let pages = try Self.printed(["seats", "--format", "html"], on: "A4", sandbox)
        #expect(pages.count == 3)
        for (number, page) in pages.enumerated() {
            #expect(page.contains("Board") && page.contains("page \(number + 1) of 3"), "\(page)")
        }
        let text = pages.joined(separator: " ").filter { !$0.isWhitespace }
        for name in Self.names(60) { #expect(text.contains(name.filter { !$0.isWhitespace }), "\(name)") }
    }

    @Test("the markbook prints landscape, its assessments split over pages with every name repeated")
    func markbook() throws {
        let sandbox = try Self.classOf(30)
        for number in 1...12 {
            try #require(
                try Self.roster(["assessment", "add", "Q\(number)", "--out-of", "10"], sandbox).status == 0)
        }
        try #require(try Self.roster(["mark", "q1", "zoë", "7"], sandbox).status == 0)
        try #require(try Self.roster(["mark", "q12", "zoë", "9"], sandbox).status == 0)
        let (html, pages) = try Self.printedPage(["grades", "--format", "html"], on: "A4 landscape", sandbox)
        #expect(html.contains("@page { size: landscape; }"))
        // Two parts of 24 and 6 rows for Q1–Q10, then two for Q11, Q12 and the results; no row cut.
        #expect(pages.count == 4)
        for part in [pages[0..<2], pages[2..<4]] {
            for name in Self.names(30) {
                #expect(part.filter { $0.contains(name) }.count == 1, "\(name)")
            }
        }
        #expect(pages[0].contains("Q10 /10") && !pages[0].contains("Q11 /10") && !pages[0].contains("Result"))
        #expect(pages[2].contains("Q11 /10") && pages[2].contains("Q12 /10") && pages[2].contains("Result"))
        #expect(pages[2].contains("assessments 11–12 of 12"))
    }

    @Test("a markbook of long titles and long names prints its heading row on every sheet, every name whole")
    func longTitles() throws {
        let sandbox = try Self.classOf(30)
        let long = ["佐藤 花子", "Maximiliana Featherstonehaugh-Okonkwo"]
        for name in long { try #require(try Self.roster(["add", name, "--age", "12"], sandbox).status == 0) }
        for number in 1...14 {
            let title = "Fractions and decimals end of unit test \(number)"
            try #require(
                try Self.roster(["assessment", "add", title, "--out-of", "10"], sandbox).status == 0)
        }
        let pages = try Self.printed(["grades", "--format", "html"], on: "A4 landscape", sandbox)
        for (number, page) in pages.enumerated() {
            #expect(page.contains("Name"), "sheet \(number + 1) has its heading row")
            #expect(page.contains("/10"), "sheet \(number + 1) names its assessments:\n\(page)")
        }
        for name in Self.names(30) + long {
            #expect(pages.filter { $0.contains(name) }.count == 2, "\(name) is whole once in each part")
        }
    }

    @Test("a student's report has no empty column, and its heading names the file once")
    func reportHeading() throws {
        let sandbox = try Self.classOf(10)
        try #require(try Self.roster(["assessment", "add", "Quiz", "--out-of", "10"], sandbox).status == 0)
        try #require(try Self.roster(["mark", "quiz", "zoë", "7"], sandbox).status == 0)
        let (html, pages) = try Self.printedPage(["report", "zoë", "--format", "html"], on: "A4", sandbox)
        #expect(!html.contains("<th></th>"))
        let title = sandbox.file.deletingPathExtension().lastPathComponent
        #expect(pages.count == 1 && pages[0].components(separatedBy: title).count == 2, "\(pages)")
        #expect(!pages[0].contains(sandbox.file.lastPathComponent), "the title is the class, not its file")
    }

    @Test(
        "reports print each student on a page of their own, with the comment and the signature, on A4 and Letter",
        arguments: ["A4", "letter"])
    func reports(paper: String) throws {
        let sandbox = try Self.classOf(10)
        try #require(try Self.roster(["assessment", "add", "Quiz", "--out-of", "10"], sandbox).status == 0)
        try #require(try Self.roster(["mark", "quiz", "zoë", "7"], sandbox).status == 0)
        let comment =
            "{They} {has/have} worked steadily all term and {asks/ask} thoughtful questions; "
            + String(repeating: "a long comment goes on ", count: 30)
        try #require(try Self.roster(["comments", "add", comment], sandbox).status == 0)
        for name in Self.names(10) {
            try #require(try Self.roster(["comment", name, "1"], sandbox).status == 0)
        }
        let pages = try Self.printed(
            ["report", "--all", "--format", "html", "--teacher", "Ms Okafor"], on: paper, sandbox)
        #expect(
            pages.allSatisfy {
                $0.contains("Signature") && $0.contains("Ms Okafor") && $0.contains("worked steadily")
            })
        let names = Self.names(10)
        #expect(pages.count == names.count)
        for (page, name) in zip(pages, names) {
            #expect(names.filter { page.contains($0) } == [name], "\(page)")
        }
        #expect(
            pages.contains { $0.contains("Zoë Martin") && $0.contains("7/10") && $0.contains("Result: 70%") })
    }
}
