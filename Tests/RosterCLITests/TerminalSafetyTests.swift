import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Nothing read from a file reaches the terminal as a raw control character.
@Suite("Names never drive the terminal")
struct TerminalSafetyTests {
    let sandbox: RosterSandbox
    static let hostileName = "\u{1B}]0;pwned\u{7}Eve\r\n\u{9B}2J\u{7F}"

    init() throws {
        sandbox = try RosterSandbox()
        try StorageHandler.save([Student(name: Self.hostileName, age: 12)], to: sandbox.file)
    }

    /// Whether `text` holds a character a terminal acts on, other than the line ends it needs.
    private func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            (($0.value < 0x20) || (0x7F...0x9F).contains($0.value)) && $0 != "\n" && $0 != "\r"
        }
    }

    @Test("list, show, remove and every text format show the name's controls escaped")
    func escapedEverywhere() throws {
        let id = try StorageHandler.load(from: sandbox.file)[0].id.uuidString
        let runs = [
            sandbox.run(["list"]), sandbox.run(["list", "--format", "csv"]), sandbox.run(["show", id]),
            sandbox.run(["list", "--format", "json"]), sandbox.run(["export", "--format", "json"]),
            sandbox.run(["show", "Eve"]),
        ]
        for run in runs {
            #expect(!hasRawControl(run.output + run.errorOutput), "\(run)")
            #expect(!(run.output + run.errorOutput).contains("Eve\r\n"), "\(run)")
        }
        #expect(runs[0].output.contains("\\u{1B}]0;pwned\\u{7}Eve\\u{D}\\u{A}\\u{9B}2J\\u{7F}"))
        #expect(runs[3].output.contains("\\u001b]0;pwned\\u0007Eve\\r\\n\\u009b2J\\u007f"))
        let removed = sandbox.run(["remove", id])
        #expect(removed.output.hasPrefix("Removed 1 student: \\u{1B}]0;pwned"))
        #expect(!hasRawControl(removed.output))
    }

    @Test(
        "every command that prints names, in every format, escapes controls, text direction and line separators",
        arguments: ["table", "csv", "json", "html"])
    func everyCommandEveryFormat(format: String) throws {
        let hostile = Self.hostileName + "\u{202E}gnp\u{2028}x"
        try StorageHandler.save(
            [Student(name: hostile, age: 12), Student(name: "Ann Lee", age: 12)], to: sandbox.file)
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30"]).status == 0)
        #expect(sandbox.run(["seats", "--rows", "1", "--columns", "2"]).status == 0)
        let commands = [
            ["list"], ["register", "--date", "2026-11-30"], ["register", "--week", "2026-11-30"],
            ["register", "--from", "2026-11-30", "--to", "2026-11-30"], ["seats"],
        ]
        for command in commands {
            let run = sandbox.run(command + (format == "table" ? [] : ["--format", format]))
            guard run.status == 0 else { continue }
            let printed = run.output + run.errorOutput
            let raw = printed.unicodeScalars.filter { VisibleText.isControl($0) && $0 != "\n" && $0 != "\r" }
            #expect(raw.isEmpty, "\(command) --format \(format): \(raw.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a CSV import's notes, problem lines and imported names escape what they show, and cut it short")
    func importEchoes() throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        let longColumn = String(repeating: "x", count: 5_000)
        try Data("name,age,\u{1B}[31mred,\(longColumn)\nAda,12,,\n".utf8).write(to: file)
        let noted = sandbox.run(["import", file.path, "--dry-run"])
        #expect(noted.status == 0)
        #expect(noted.errorOutput.contains("'\\u{1B}[31mred'"))
        #expect(noted.errorOutput.split(separator: "\n").allSatisfy { $0.count < 300 })
        // A name a roster file may hold is imported as it is, and shown escaped.
        try Data("name,age\n\u{1B}[2JEve\u{9B},12\n".utf8).write(to: file)
        let imported = sandbox.run(["import", file.path])
        #expect(imported.status == 0)
        #expect(imported.output.contains("\\u{1B}[2JEve\\u{9B}"), "\(imported.output)")
        for result in [noted, imported] {
            #expect(!hasRawControl(result.output + result.errorOutput), "\(result)")
        }
    }

    @Test("names with invisible characters line up with the others")
    func alignment() throws {
        try StorageHandler.save(
            ["Ada", "Ada\u{200D}", "Ada\u{FE0F}", "Bob"].map { Student(name: $0, age: 12) }, to: sandbox.file)
        let rows = sandbox.run(["list", "--sort", "added"]).output.split(separator: "\n").dropFirst()
        // What a terminal shows: every scalar a column, but the joiner and the selector none.
        let widths = rows.map { row in
            row[..<(row.range(of: " 12 ")?.lowerBound ?? row.endIndex)].unicodeScalars
                .filter { $0.value != 0x200D && $0.value != 0xFE0F }.count
        }
        #expect(Set(widths).count == 1, "\(rows)")
    }

    @Test("JSON import refuses a name that is not text, by line")
    func jsonNames() throws {
        let file = sandbox.folder.appendingPathComponent("class.json")
        let json =
            "[\n{\"name\": true, \"age\": 12},\n{\"name\": [\"Ada\"], \"age\": 12},\n"
            + "{\"name\": {}, \"age\": 12},\n{\"name\": \"Sur\\ud800\", \"age\": 12},\n{\"name\": 7, \"age\": 12}\n]\n"
        try Data(json.utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 1)
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasSuffix("class.json:2: The name is true or false, not text."))
        #expect(lines[1].hasSuffix("class.json:3: The name is a list, not text."))
        #expect(lines[2].hasSuffix("class.json:4: The name is an object, not text."))
        #expect(
            lines[3].hasSuffix(
                "class.json:5: The name is not valid Unicode text (a broken character or a lone surrogate)."))
        #expect(lines[4].hasSuffix("class.json:6: The name is a number, not text."))
        #expect(try StorageHandler.load(from: sandbox.file).count == 1)
    }

    @Test("VisibleText leaves ordinary names alone and escapes C0, DEL and C1")
    func visibleText() {
        for name in ["Ada Lovelace", "Zoë Martin", "田中 太郎", "محمد", ""] {
            #expect(VisibleText.of(name) == name)
        }
        #expect(VisibleText.of("a\u{1B}b\u{7F}c\u{9B}d\u{85}") == "a\\u{1B}b\\u{7F}c\\u{9B}d\\u{85}")
        #expect(VisibleText.quoted("abcdef", limit: 3) == "abc…")
    }
}
