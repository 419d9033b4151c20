import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Every option of every subcommand, as its specification lists it, either changes what the
/// command does or is refused with one `Error:` line naming it: none is accepted and ignored.
///
/// Each command runs once as written below (its base) and once with one option more (or, for an
/// option the base already has, another value), each in a fresh copy of a class that has
/// everything a command can use: students with registers and details, a seating plan, a second
/// class and a file to import. What a run does is what it prints and what it leaves on disk,
/// with the ids that differ from run to run written the same way.
@Suite("Every option does something or is refused")
struct EveryOptionTests {
    /// A command as it runs without the option under test.
    static let bases: [String: [String]] = [
        "add": ["add", "Grace Hopper", "--age", "12"], "list": ["list"], "show": ["show", "ada"],
        "edit": ["edit", "ada", "--note", "new note"], "remove": ["remove", "zoe"],
        "delete-all": ["delete-all", "--yes"], "undo": ["undo"],
        "redo": ["redo"], "history": ["history"], "stats": ["stats"], "pick": ["pick", "--count", "2"],
        "groups": ["groups", "--count", "2"], "apart": ["apart", "ada", "zoe"], "seats": ["seats"],
        "classes": ["classes"], "move": ["move", "ada", "--to", "7B"], "absent": ["absent", "ada"],
        "present": ["present"], "register": ["register"], "import": ["import", "{folder}/class.csv"],
        "export": ["export"], "path": ["path"], "leave": ["leave", "zoe"], "rejoin": ["rejoin", "leo"],
        "assessment": ["assessment", "list"], "category": ["category", "list"], "scale": ["scale", "show"],
        "mark": ["mark", "q1", "ada", "7"], "grades": ["grades"], "report": ["report", "zoe"],
        "watch": ["watch"], "comments": ["comments", "add", "Well done, {first}."],
        "comment": ["comment", "zoe", "--text", "Well done, {first}."],
    ]

    /// The base of an option that does something only to some input, such as `--age` for a file
    /// without ages.
    static let ownBases: [String: [String]] = [
        "import --allow-duplicates": ["import", "{folder}/twice.csv"],
        "import --age": ["import", "{folder}/no-ages.csv"],
        "import --name-order": ["import", "{folder}/surname-first.csv"],
        "import --blank-clears": ["import", "{folder}/blank-score.csv"],
        "import --date-order": ["import", "{folder}/slashed-births.csv"],
        "import --marks": ["import", "{folder}/marks.csv"],
        "groups --balance": ["groups", "--count", "2", "--include-absent"],
        "import --out-of": ["import", "{folder}/marks.csv", "--marks"],
        "edit --left": ["edit", "leo", "--note", "new note"], "remove --left": ["remove", "leo"],
        "mark --left": ["mark", "q1", "leo", "7"],
        "report --sender": ["report", "zoe", "--mail-to-guardians", "{folder}", "--sender", "t@example.org"],
        "report --subject": [
            "report", "zoe", "--mail-to-guardians", "{folder}", "--sender", "t@example.org",
        ],
    ]

    /// A value each option can take, by its placeholder; options of a command that need their own.
    static func value(for option: OptionSpec, in command: String) -> String {
        if let choice = option.choices.last(where: { $0 != option.defaultValue }) { return choice }
        switch (command, option.name, option.valueName ?? "") {
        case (_, "search", _): return "zo"
        case ("move", "to", _): return "8C"
        case ("import", "from-class", _): return "7A"
        case ("list", "columns", _): return "name"
        case ("list", "max-age", _): return "11"
        case ("grades", "term", _): return "Autumn"
        case ("stats", "assessment", _): return "q1"
        case ("watch", "from", _): return "2026-12-01"
        case ("watch", "set", _): return "rate=50"
        case ("comments", "when", _): return "result >= 50"
        case ("report", "subject", _): return "Zoë's report"
        case ("seats", "rows", _), ("seats", "columns", _): return "3"
        case (_, "file", _): return "{folder}/other.plist"
        case (_, "class", _): return "7B"
        case (_, _, "age"): return "13"
        case (_, _, "grade"): return "8"
        case (_, _, "score"): return "55"
        case (_, _, "id"): return "0099"
        case (_, _, "name"): return "Newname"
        case (_, _, "text"): return "the bus"
        case (_, _, "n"): return "2"
        case (_, _, "file"): return "{folder}/out.txt"
        case (_, _, "student"): return "ada"
        case (_, _, "students"): return "ada,zoe"
        case (_, _, "day"): return "2026-11-30"
        case (_, _, "address"): return "kim@example.org"
        case (_, _, "lesson"): return "2"
        default: return "x"
        }
    }

    /// A class with everything a command can use, in `folder`.
    static func makeClass(in folder: URL) throws -> [String: String] {
        let environment = [
            "HOME": folder.path, "ROSTER_FILE": folder.appendingPathComponent("students.plist").path,
            "ROSTER_SEED": "5", "COLUMNS": "100",
        ]
        let setup = [
            ["add", "Ada Lovelace", "--age", "12", "--grade", "7", "--score", "91", "--school-id", "0012"],
            [
                "add", "Zoë Martin", "--age", "11", "--note", "front row", "--guardian-email",
                "kim@example.org",
            ],
            ["add", "Leo Brown", "--age", "12", "--score", "64"], ["add", "Mia Chen", "--age", "13"],
            ["add", "Noor Ali", "--age", "12"],
            ["absent", "zoe", "--date", "2026-11-30"], ["absent", "leo", "--late", "--date", "2026-12-01"],
            ["seats", "--rows", "2", "--columns", "3"],
            ["--class", "7B", "add", "Kofi Mensah", "--age", "12"],
            ["pick"], ["groups", "--count", "2"], ["edit", "mia", "--age", "12"], ["undo"],
            // Mia misses three lessons in a row, up to today: on the watch list.
            ["absent", "mia", "--date", "2026-11-30"], ["absent", "mia", "--date", "2026-12-01"],
            ["absent", "mia"],
            ["category", "set", "Homework", "--weight", "40", "--drop-lowest", "1"],
            ["assessment", "add", "Quiz 1", "--out-of", "10", "--category", "Homework", "--term", "Autumn"],
            ["assessment", "add", "Test 1", "--out-of", "20", "--category", "Tests", "--date", "2026-11-01"],
            ["category", "set", "Tests", "--weight", "60"],
            ["mark", "q1", "ada", "8", "zoe", "5", "leo", "9"],
            ["scale", "set", "A:80 B:50 C:0"], ["leave", "leo", "--date", "2026-12-02"],
        ]
        for arguments in setup {
            let status = run(arguments, environment: environment).status
            try #require(status == 0, "\(arguments)")
        }
        let other = environment.merging(["ROSTER_FILE": folder.appendingPathComponent("other.plist").path]) {
            $1
        }
        try #require(run(["add", "Other Person", "--age", "10"], environment: other).status == 0)
        let files = [
            "class.csv": "name,age,score\nAda Lovelace,12,95\nNew Pupil,11,70\n",
            "twice.csv": "name,age\nNew Pupil,11\nNew Pupil,11\n",
            "no-ages.csv": "name,score\nNew Pupil,70\n",
            "surname-first.csv": "name,age\n\"Hughes, Amelia\",12\n",
            "blank-score.csv": "name,age,score\nLeo Brown,12,\n",
            "slashed-births.csv": "name,date of birth\nNew Pupil,03/04/2014\n",
            "marks.csv": "name,Quiz 1,Essay\nAda Lovelace,9,\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return environment
    }

    static func run(_ arguments: [String], environment: [String: String]) -> RunResult {
        let (output, errorOutput) = (CapturedOutput(), CapturedOutput())
        let status = CommandLineTool.run(
            arguments: arguments, environment: environment, input: ScriptedInput(), output: output,
            errorOutput: errorOutput)
        return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
    }

    /// What `arguments` do to a fresh copy of `template`: what they print and the files left,
    /// ids written one way.
    static func effect(of arguments: [String], template: URL, environment: [String: String]) throws -> String
    {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("roster-option-\(UUID())")
        try FileManager.default.copyItem(at: template, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        var moved = environment
        for (key, value) in environment {
            moved[key] = value.replacingOccurrences(of: template.path, with: copy.path)
        }
        let result = run(
            arguments.map { $0.replacingOccurrences(of: "{folder}", with: copy.path) }, environment: moved)
        var text = "\(result.status)\n\(result.output)\n\(result.errorOutput)\n"
        let files = FileManager.default.enumerator(atPath: copy.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where !file.contains(".history") && !file.hasSuffix(".lock") {
            let url = copy.appendingPathComponent(file)
            if file.hasSuffix(".plist"), let students = try? StorageHandler.load(from: url) {
                text += file + ": " + students.map(describe).joined(separator: "; ") + "\n"
            } else if let data = FileManager.default.contents(atPath: url.path) {
                text += file + ": " + String(decoding: data, as: UTF8.self) + "\n"
            }
        }
        let ids = "[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}|\\b[0-9A-F]{4,8}\\b"
        return text.replacingOccurrences(of: copy.path, with: "<folder>")
            .replacingOccurrences(of: ids, with: "<id>", options: .regularExpression)
    }

    /// Two students the base grouping put together, as `--apart` takes them: `ada,leo`.
    static func partners(in effect: String) -> String {
        let line = effect.split(separator: "\n").first { $0.hasPrefix("Group ") && $0.contains(", ") } ?? ""
        let names = line.drop { $0 != ":" }.dropFirst().split(separator: ",")
        return names.prefix(2).map { $0.split(separator: " ").first.map(String.init) ?? "" }.joined(
            separator: ","
        )
        .lowercased()
    }

    /// A student's fields but the id.
    static func describe(_ student: Student) -> String {
        let fields: [String] = [
            student.name, String(student.age), student.grade.map(String.init) ?? "-",
            student.score.map { String($0) } ?? "-",
            StudentDetail.allCases.map { student[$0] ?? "-" }.joined(separator: "/"),
            student.attendance.sorted { $0.key < $1.key }.map {
                "\($0.key)=\($0.value.mark)/\($0.value.reason ?? "")"
            }
            .joined(separator: ","),
        ]
        return fields.joined(separator: " ")
    }

    @Test("each option of each command changes what it does, or is refused naming it")
    func noOptionIgnored() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roster-options-\(UUID())")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: template) }
        let environment = try Self.makeClass(in: template)
        var checked = 0
        for entry in CommandLineTool.subcommands {
            let commonBase = try #require(Self.bases[entry.name], "no base for \(entry.name)")
            let commonBefore = try Self.effect(of: commonBase, template: template, environment: environment)
            // Colour only shows where output is styled; the terminal tests check it.
            for option in entry.spec.allOptions where option.name != "color" {
                let own = Self.ownBases["\(entry.name) --\(option.name)"]
                let base = own ?? commonBase
                let before =
                    try own.map { try Self.effect(of: $0, template: template, environment: environment) }
                    ?? commonBefore
                var arguments = base
                var value = Self.value(for: option, in: entry.name)
                if entry.name == "groups", option.name == "apart" { value = Self.partners(in: before) }
                if let at = arguments.firstIndex(of: "--\(option.name)") {
                    // An option the base has: another value, or, for a flag, none.
                    if option.takesValue {
                        arguments[at + 1] = arguments[at + 1] == value ? value + "1" : value
                    } else {
                        arguments.remove(at: at)
                    }
                } else {
                    arguments += ["--\(option.name)"] + (option.takesValue ? [value] : [])
                }
                let after = try Self.effect(of: arguments, template: template, environment: environment)
                let refused = !after.hasPrefix("0\n") && after.contains("--\(option.name)")
                #expect(
                    refused || after != before, "\(arguments.joined(separator: " ")) did what \(base) did")
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
