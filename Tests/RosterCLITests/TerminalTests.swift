import Foundation
import RosterEngine
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("The terminal experience")
struct TerminalTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    private func useFixture(_ name: String) throws {
        try FileManager.default.copyItem(
            at: ImportExportCommandTests.fixtures.appendingPathComponent(name), to: sandbox.file)
    }

    @Test("names from many scripts line up: every row has the same display width", arguments: [80, 120])
    func alignment(columns: Int) throws {
        try useFixture("mixed-scripts.plist")
        let lines = runTool(["list"], sandbox: sandbox, environment: ["COLUMNS": String(columns)]).output
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 17)
        let widths = Set(lines.map(DisplayWidth.of))
        #expect(widths.count == 1, "widths: \(widths)")
        let nameStarts = Set(lines.map { DisplayWidth.of(String($0.prefix(10))) })
        #expect(nameStarts == [10])
    }

    @Test(
        "display widths: wide, combining, joined and plain",
        arguments: [
            ("abc", 3), ("李华", 4), ("e\u{301}", 1), ("👩‍🔬", 2), ("🇳🇿", 2), ("ｆ", 2), ("Zoë", 3), ("김민준", 6),
            ("\u{200B}", 0),
            // ZWJ sequences of text-style emoji, a skin tone, a family, a keycap: each one emoji.
            ("👁\u{200D}🗨", 2), ("🕵\u{200D}♀", 2), ("🕵\u{FE0F}\u{200D}♀\u{FE0F}", 2), ("👍🏽", 2),
            ("👩\u{200D}👩\u{200D}👧", 2), ("1\u{FE0F}\u{20E3}", 2), ("Ada 👁\u{200D}🗨 Ng", 9),
        ])
    func widths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("the fast path for plain letters gives every scalar the width the full rules give")
    func fastWidthsMatchTheRules() {
        for value in UInt32(0x20)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                DisplayWidth.of(String(scalar)) == DisplayWidth.of(Character(scalar)),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test("a table long enough to be measured on both cores still lines up")
    func longTable() throws {
        let names = ["李华", "Zoë Martin", "👩‍🔬 Marie Curie", "Nguyễn Thị Mai", "محمد", "Ada"]
        let students = (0..<25_000).map {
            Student(name: "\(names[$0 % names.count]) \($0)", age: 10 + $0 % 9)
        }
        try StorageHandler.save(students, to: sandbox.file)
        let lines = runTool(["list", "--sort", "added"], sandbox: sandbox).output.split(separator: "\n")
        #expect(lines.count == 25_001)
        #expect(Set(lines.map { DisplayWidth.of(String($0)) }).count == 1)
        // Sorted by name, the short ids are worked out beside the sort; each row keeps its own.
        let shortIDs = RosterLookup.shortIDs(for: students)
        let stored = try StorageHandler.load(from: sandbox.file)
        let expected = RosterSorter.sortedIndices(stored, by: .name, reversed: false).map { shortIDs[$0] }
        let sorted = runTool(["list", "--no-header"], sandbox: sandbox).output.split(separator: "\n")
        #expect(sorted.map { String($0.prefix { $0 != " " }) } == expected)
    }

    @Test("a narrow terminal drops the ID column before names are cut below 16, the grade before 12")
    func narrow() throws {
        try useFixture("mixed-scripts.plist")
        let wide = runTool(["list"], sandbox: sandbox, environment: ["COLUMNS": "80"]).output
        #expect(wide.hasPrefix("ID "))
        let forty = runTool(["list"], sandbox: sandbox, environment: ["COLUMNS": "40"]).output
        #expect(forty.hasPrefix("NAME "), "\(forty)")
        for width in [40, 30, 24] {
            let output = runTool(["list"], sandbox: sandbox, environment: ["COLUMNS": "\(width)"]).output
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width)")
            #expect(lines.count == 17)
            if width < 30 {
                #expect(!output.contains("GRADE"), "the grade goes before names are cut below 12")
            }
        }
    }

    @Test("register and stats fit a narrow terminal, names cut with … and short titles")
    func narrowReports() throws {
        for name in ["Maria José García-Fernández", "Ada Lovelace", "Bo"] {
            _ = runTool(["add", name, "--age", "12", "--score", "77"], sandbox: sandbox)
        }
        _ = runTool(["absent", "ada", "--date", "2026-11-30"], sandbox: sandbox)
        _ = runTool(["absent", "bo", "--date", "2026-12-01", "--lesson", "2"], sandbox: sandbox)
        for command in [
            ["register", "--week", "2026-12-01"], ["register", "--from", "2026-11-01"], ["stats"],
        ] {
            let output = runTool(command, sandbox: sandbox, environment: ["COLUMNS": "40"]).output
            let lines = output.split(separator: "\n").map(String.init)
            #expect(
                lines.count > 3 && lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(command): \(output)")
            let wide = runTool(command, sandbox: sandbox, environment: ["COLUMNS": "100"]).output
            #expect(command == ["stats"] || wide.contains("Maria José García-Fernández"), "\(command)")
        }
    }

    @Test("the terminal's own width is used when COLUMNS is not set")
    func terminalWidth() throws {
        final class NarrowTerminal: TextOutput {
            var text = ""
            var isTerminal: Bool { true }
            var columns: Int? { 36 }
            func write(_ text: String) { self.text += text }
        }
        try useFixture("mixed-scripts.plist")
        let output = NarrowTerminal()
        var environment = sandbox.environment
        environment["COLUMNS"] = nil
        let invocation = Invocation(
            environment: environment, input: ScriptedInput(), output: output, errorOutput: CapturedOutput())
        #expect(invocation.run(["list", "--color", "never"]) == 0)
        #expect(output.text.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 36 })
    }

    @Test("--no-header leaves out the header row")
    func noHeader() throws {
        try useFixture("mixed-scripts.plist")
        let lines = runTool(["list", "--no-header"], sandbox: sandbox).output.split(separator: "\n")
        #expect(lines.count == 16)
        #expect(!lines.contains { $0.hasPrefix("ID ") })
        let csv = runTool(["list", "--format", "csv", "--no-header"], sandbox: sandbox).output
        #expect(csv.split(separator: "\r\n").count == 16)
        #expect(!csv.hasPrefix("id,name"))
        let json = runTool(["list", "--format", "json", "--no-header"], sandbox: sandbox)
        #expect(json.status == 64 && json.errorLine.contains("json has no header row"), "\(json.errorOutput)")
    }

    @Test("the short id shown is unique and works as a reference")
    func shortID() throws {
        try useFixture("mixed-scripts.plist")
        let line = try #require(
            runTool(["list", "--no-header"], sandbox: sandbox).output.split(separator: "\n").first)
        let shortID = String(line.prefix { $0 != " " })
        #expect(shortID.count >= 8)
        let shown = runTool(["show", shortID], sandbox: sandbox)
        #expect(shown.status == 0)
        #expect(shown.output.contains("Name:  Ada Lovelace"))
    }

    @Test(
        "colour only on a terminal, without NO_COLOR, with TERM not dumb, unless --color says otherwise",
        arguments: [
            (true, [String: String](), [String](), true), (false, [:], [], false),
            (true, ["NO_COLOR": "1"], [], false),
            (true, ["TERM": "dumb"], [], false), (false, [:], ["--color", "always"], true),
            (true, [:], ["--color", "never"], false), (true, ["NO_COLOR": ""], ["--color=always"], true),
            (true, ["NO_COLOR": ""], [], true),
        ])
    func colour(terminal: Bool, environment: [String: String], flags: [String], expectColour: Bool) throws {
        try useFixture("mixed-scripts.plist")
        let listed = runTool(
            ["list"] + flags, sandbox: sandbox, environment: environment, outputIsTerminal: terminal)
        #expect(listed.output.contains("\u{1B}[") == expectColour)
        let failed = runTool(
            ["show", "nobody"] + flags, sandbox: sandbox, environment: environment, errorIsTerminal: terminal)
        #expect(failed.errorOutput.contains("\u{1B}[") == expectColour)
        #expect(failed.errorOutput.contains("Error:"))
    }

    @Test("a global --color before the subcommand works too, and a bad value is a usage error")
    func globalColour() throws {
        try sandbox.add("Ada")
        #expect(runTool(["--color", "always", "list"], sandbox: sandbox).output.contains("\u{1B}[1m"))
        let bad = runTool(["--color", "sometimes", "list"], sandbox: sandbox)
        #expect(bad.status == 64)
        #expect(
            bad.errorLine
                == "Error: The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always', 'never'."
        )
    }

    @Test(
        "list filters: search ignores case and accents; grade, ages and limit",
        arguments: [
            (["--search", "EMIL"], ["Émile Durand", "émilie (combining)"]),
            (["--search", "marie"], ["👩‍🔬 Marie Curie"]),
            (["--grade", "4", "--max-age", "12"], ["王小明", "👩‍🔬 Marie Curie"]),
            (["--min-age", "14", "--limit", "2"], ["ｆｕｌｌｗｉｄｔｈ", "Αλέξανδρος"]),
            (["--search", "nobody at all"], []),
        ])
    func filters(flags: [String], names: [String]) throws {
        try useFixture("mixed-scripts.plist")
        let output = runTool(["list", "--format", "json"] + flags, sandbox: sandbox).output
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        #expect(rows.map { $0["name"] as? String ?? "" } == names)
    }

    @Test("a filtered table is as wide as the students it lists, and its rows line up")
    func filteredTableWidth() throws {
        try sandbox.add("Ada", age: 12, ["--grade", "7"])
        try sandbox.add(String(repeating: "Long ", count: 10), age: 13)
        try sandbox.add("Émile", age: 14, ["--grade", "7"])
        let lines = runTool(["list", "--grade", "7"], sandbox: sandbox).output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count == lines[0].count })
        #expect(lines[0].count < 40)
    }

    @Test(
        "bad filter values are usage errors",
        arguments: [["--grade", "20"], ["--limit", "0"], ["--min-age", "old"]])
    func badFilters(flags: [String]) {
        let result = runTool(["list"] + flags, sandbox: sandbox)
        #expect(result.status == 64)
        #expect(result.errorLine.hasPrefix("Error: "))
    }

    @Test("stats: count, ages, scores and grades, as text and JSON")
    func stats() throws {
        for (name, age, grade, score) in [
            ("A", 10, "5", "50"), ("B", 12, "5", "60"), ("C", 14, "6", "90"), ("D", 11, "", ""),
        ] {
            let extra =
                (grade.isEmpty ? [] : ["--grade", grade]) + (score.isEmpty ? [] : ["--score", score])
            try sandbox.add(name, age: age, extra)
        }
        let json = runTool(["stats", "--format", "json"], sandbox: sandbox).output
        let bins = [0, 0, 0, 0, 0, 1, 1, 0, 0, 1].enumerated().map { index, count in
            "{\"count\":\(count),\"range\":\"\(index == 9 ? "90-100" : "\(index * 10)-\(index * 10 + 9)")\"}"
        }
        // Written by JSONEncoder with its keys sorted.
        #expect(
            json == "{\"age\":{\"max\":14,\"median\":11.5,\"min\":10,\"notNumbers\":0},\"count\":4,"
                + "\"gradeMeanScores\":{\"5\":55,\"6\":90},\"grades\":{\"5\":2,\"6\":1},"
                + "\"score\":{\"bins\":[\(bins.joined(separator: ","))],"
                + "\"count\":3,\"max\":90,\"mean\":66.66666666666667,\"median\":60,\"min\":50},\"ungraded\":1}\n"
        )
        let text = runTool(["stats"], sandbox: sandbox).output
        #expect(text.contains("Students:  4\n"))
        #expect(text.contains("Age:       min 10, median 11.5, max 14\n"))
        #expect(text.contains("Score:     mean 66.7, median 60 (3 scored)\n"))
        #expect(
            text.contains("Grade 5:   2 students, mean score 55\n") && text.contains("No grade:  1 student\n")
        )
        #expect(
            runTool(["stats", "--format", "json"], sandbox: try RosterSandbox()).output.contains(
                "\"min\":null"))
    }
}
