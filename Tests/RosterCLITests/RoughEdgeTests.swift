import Foundation
import RosterEngine
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Queries and dates with a bound: a student argument longer than any name is refused at once,
/// and the year 0000 is no date; history names are data, written as JSON by an encoder.
@Suite("Rough edges with a bound")
struct RoughEdgeTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test(
        "a student argument longer than a name can be is refused at once",
        arguments: ["show", "remove", "edit"])
    func longQuery(command: String) throws {
        try sandbox.add("Ada Lovelace")
        let query = Array(repeating: "ada", count: 4_000).joined(separator: " ")
        let started = Date()
        let result = sandbox.run([command, query] + (command == "edit" ? ["--age", "13"] : []))
        #expect(result.status == 1)
        #expect(
            result.errorLine.hasPrefix("Error: A student is named in at most 100 characters"),
            "\(result.errorOutput)")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(try StorageHandler.load(from: sandbox.file).map(\.age) == [12])
    }

    @Test("the year 0000, and any year before 1900, is not a date", arguments: ["0000-01-01", "1899-12-31"])
    func earlyYears(date: String) throws {
        try sandbox.add("Ada Lovelace")
        let result = sandbox.run(["absent", "ada", "--date", date])
        #expect(result.status == 64)
        #expect(result.errorLine.contains("from 1900 to today"), "\(result.errorOutput)")
        #expect(sandbox.run(["absent", "ada", "--date", "1900-01-01"]).status == 0)
    }

    @Test("history --format json is written by an encoder: valid JSON with the fields typed")
    func historyJSON() throws {
        try sandbox.add("Ada Lovelace")
        try sandbox.add("Alan Turing")
        _ = sandbox.run(["undo"])
        let result = sandbox.run(["history", "--format", "json"])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.map { $0["command"] as? String } == ["add", "add"])
        #expect(rows.map { $0["undone"] as? Bool } == [true, false])
        #expect(rows.map { $0["studentsAfter"] as? Int } == [2, 1])
        #expect((rows[0]["date"] as? String)?.hasSuffix("Z") == true)
    }
}

/// Messages with a bound: at most 50 problem lines and 20 notes, then how many more.
@Suite("Messages with a bound")
struct BoundedMessageTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test("200 bad rows print 50 problem lines and how many more; --report json lists all 200")
    func manyProblems() throws {
        let csv = sandbox.folder.appendingPathComponent("bad.csv")
        let rows = (1...200).map { "Student \($0),-\($0)" }.joined(separator: "\n")
        try Data("name,age\n\(rows)\n".utf8).write(to: csv)
        let result = sandbox.run(["import", csv.path])
        #expect(result.status == 1)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.filter { $0.contains("bad.csv:") }.count == 50)
        #expect(lines.contains { $0 == "… and 150 more problems; --report json lists every one." })
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)
        let json = sandbox.run(["import", csv.path, "--report", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["problems"] as? [[String: Any]])?.count == 200)
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
    }

    @Test("100 columns roster does not know print 20 notes and how many more")
    func manyNotes() throws {
        let csv = sandbox.folder.appendingPathComponent("wide.csv")
        let extra = (1...100).map { "extra\($0)" }
        try Data(
            ("name,age," + extra.joined(separator: ",") + "\nAda,12" + String(repeating: ",", count: 100)
                + "\n").utf8
        )
        .write(to: csv)
        let result = sandbox.run(["import", csv.path])
        let notes = result.errorOutput.split(separator: "\n").filter { $0.hasPrefix("Note:") }
        #expect(notes.count == 21, "\(result.errorOutput)")
        #expect(notes.last?.contains("more notes") == true)
    }
}

/// Names are held to one rule everywhere: what `add` refuses, a file cannot bring in; what a file
/// may hold is shown escaped; emoji sequences take the room of one wide character.
@Suite("One rule for names")
struct NameRuleTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test(
        "text-direction controls and line separators from a file are shown escaped",
        arguments: ["\u{202E}", "\u{2028}", "\u{2067}"])
    func layoutCharactersEscaped(character: String) throws {
        try StorageHandler.save([Student(name: "evil\(character)gnp.exe", age: 12)], to: sandbox.file)
        let escape =
            "\\u{" + String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true) + "}"
        for command in [["list"], ["show", "evil"], ["list", "--format", "csv"]] {
            let result = sandbox.run(command)
            #expect(result.status == 0, "\(command)")
            #expect(!result.output.contains(character), "\(command)")
            #expect(result.output.contains(escape), "\(command): \(result.output)")
        }
        let refused = sandbox.run(["add", "evil\(character)gnp", "--age", "12"])
        #expect(refused.errorLine.contains("U+"), "\(refused.errorOutput)")
        #expect(!refused.errorLine.contains("a newline or a tab"))
    }

    @Test(
        "a name add would refuse makes a roster file damaged, naming the record",
        arguments: ["", "   ", String(repeating: "x", count: 101)])
    func refusedNamesFromFiles(name: String) throws {
        try StorageHandler.save([Student(name: "Ada", age: 12)], to: sandbox.file)
        let ada = try StorageHandler.load(from: sandbox.file)[0]
        try StorageHandler.prepareData([ada, Student(name: name, age: 12)]).write(to: sandbox.file)
        for command in [["list"], ["edit", "ada", "--age", "13"], ["add", "Alan", "--age", "12"]] {
            let result = sandbox.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLine.contains("record 2 has"), "\(command): \(result.errorOutput)")
        }
    }

    @Test("the iOS app's every age is read; a damaged file roster never changed is not sent to undo")
    func appAges() throws {
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ada", "age": "12 "],
            ["id": UUID().uuidString, "name": "Alan", "age": " 13"],
        ]
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
            .write(to: sandbox.file)
        #expect(sandbox.run(["list"]).output.contains("Alan"))
        #expect(try StorageHandler.load(from: sandbox.file).map(\.age) == [12, 13])
        let twelve: [[String: Any]] = [["id": UUID().uuidString, "name": "Zoe", "age": "twelve"]]
        try PropertyListSerialization.data(fromPropertyList: twelve, format: .binary, options: 0)
            .write(to: sandbox.file)
        #expect(
            sandbox.run(["list"]).output.split(separator: "\n").contains {
                $0.contains("Zoe") && $0.contains("twelve")
            })
        let damaged: [[String: Any]] = [["id": UUID().uuidString, "name": "Zoe", "age": 17.5]]
        try PropertyListSerialization.data(fromPropertyList: damaged, format: .binary, options: 0)
            .write(to: sandbox.file)
        let refused = sandbox.run(["list"])
        #expect(refused.status == 1)
        #expect(
            refused.errorLine.hasSuffix(
                "roster kept no earlier version of it: restore it from a backup, or choose another file with --file."
            ), "\(refused.errorOutput)")
        try StorageHandler.prepareData([Student(name: "Ada", age: 12)]).write(to: sandbox.file)
        #expect(sandbox.run(["add", "Alan", "--age", "13"]).status == 0)
        try PropertyListSerialization.data(fromPropertyList: damaged, format: .binary, options: 0)
            .write(to: sandbox.file)
        #expect(sandbox.run(["list"]).errorLine.contains("Restore it with 'roster undo'"))
        #expect(sandbox.run(["undo"]).status == 0)
    }

    @Test(
        "a control character in an XML roster's CDATA is refused as XML cannot hold it, never read then unwritable"
    )
    func cdataControl() throws {
        let id = UUID().uuidString
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>id</key><string>\(id)</string>\
            <key>name</key><string><![CDATA[Ada\u{1}]]></string><key>age</key><integer>12</integer></dict></array></plist>
            """
        try Data(xml.utf8).write(to: sandbox.file)
        let result = sandbox.run(["list"])
        #expect(result.status == 1)
        #expect(result.errorLine.contains("control character"), "\(result.errorOutput)")
    }

    @Test(
        "a control character in an XML roster's name makes it damaged, naming the record and the name",
        arguments: ["Zoe\u{1B}[31m Ward", "<![CDATA[Zoe\u{1B}[31m Ward]]>"])
    func xmlControlNamed(_ name: String) throws {
        let record = { (id: String, name: String) in
            "<dict><key>id</key><string>\(id)</string><key>name</key><string>\(name)</string>"
                + "<key>age</key><integer>12</integer></dict>"
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>\(record(UUID().uuidString, "Ada"))\(record(UUID().uuidString, name))\
            </array></plist>
            """
        try Data(xml.utf8).write(to: sandbox.file)
        let result = sandbox.run(["list"])
        #expect(result.status == 1)
        #expect(result.errorLine.contains("record 2 has a control character"), "\(result.errorOutput)")
        #expect(result.errorLine.contains("'name': Zoe\\u{1B}[31m Ward"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("\u{1B}"))
    }

    @Test("an emoji sequence joined with ZWJ takes two columns, as one wide character")
    func zwjWidth() {
        for emoji in ["👩‍🔬", "👩🏽‍🔬", "🧑‍🤝‍🧑", "🏳️‍🌈", "❤️‍🔥", "👨‍👩‍👧‍👦"] {
            #expect(DisplayWidth.of(emoji) == 2, "\(emoji)")
            #expect(DisplayWidth.of(emoji + " Curie") == 8, "\(emoji)")
        }
    }
}

/// Memory in proportion to what is kept: a row of millions of empty fields is refused by line.
@Suite("Rows with a bound")
struct BoundedRowTests {
    @Test("a row of four million empty fields is refused at its line, quickly")
    func manyFields() throws {
        let sandbox = try RosterSandbox()
        let csv = sandbox.folder.appendingPathComponent("wide.csv")
        try Data(("name,age\nAda,12" + String(repeating: ",", count: 4_000_000) + "\n").utf8).write(to: csv)
        let started = Date()
        let result = sandbox.run(["import", csv.path])
        #expect(result.status == 1)
        #expect(
            result.errorOutput.contains("wide.csv:2: The row has more than 1000 fields"),
            "\(result.errorOutput)")
        #expect(Date().timeIntervalSince(started) < 2)
    }
}

/// Every `--format json` report is a value written by JSONEncoder: hostile names come back intact.
@Suite("JSON reports are values")
struct JSONReportTests {
    @Test("register, import and export JSON carry a hostile name intact and parse")
    func hostileNames() throws {
        let sandbox = try RosterSandbox()
        let hostile = "Zoë \"Q\" \\ back </script> \u{1B}[31m"
        try StorageHandler.save([Student(name: hostile, age: 12)], to: sandbox.file)
        try ClassroomIntents.markAttendance(
            ["zoe"], as: AttendanceEntry(.absent, reason: "</script> \"Q\" \\"),
            in: #require(Lesson(day: SchoolDay.today())),
            at: sandbox.file, command: "absent")
        let csv = sandbox.folder.appendingPathComponent("more.csv")
        try Data("name,age\n\"A \"\"B\"\" \\ C\",12\n".utf8).write(to: csv)
        let reports: [([String], (Any) -> [String])] = [
            (
                ["register", "--format", "json"],
                {
                    ($0 as? [[String: Any]])?.flatMap { ($0["marks"] as? [[String: Any]]) ?? [] }
                        .compactMap { $0["name"] as? String } ?? []
                }
            ),
            (
                ["register", "--from", "2026-01-01", "--format", "json"],
                { ($0 as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? [] }
            ),
            (
                ["export", "--format", "json"],
                { ($0 as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? [] }
            ),
            (
                ["import", csv.path, "--dry-run", "--report", "json"],
                {
                    (($0 as? [String: Any])?["added"] as? [[String: Any]])?.compactMap {
                        $0["name"] as? String
                    } ?? []
                }
            ),
        ]
        for (command, names) in reports {
            let result = sandbox.run(command)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
            let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
            let expected = command[0] == "import" ? ["A \"B\" \\ C"] : [hostile]
            #expect(names(object) == expected, "\(command): \(result.output)")
        }
    }
}

/// A file in the history folder that is not a version is noted, escaped, and never printed raw.
@Suite("History names are data")
struct HistoryNameTests {
    @Test("history notes a crafted version name, escaped, and lists only real changes")
    func craftedName() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ada Lovelace")
        let folder = sandbox.folder.appendingPathComponent(".students.plist.history")
        let crafted = "00000009-u-1764600000-0-1-\u{1B}]0;pwned\u{7}.plist"
        #expect(
            FileManager.default.createFile(
                atPath: folder.appendingPathComponent(crafted).path, contents: Data()))
        for format in ["table", "json"] {
            let result = sandbox.run(["history", "--format", format])
            #expect(result.status == 0)
            #expect(!result.output.contains("\u{1B}") && !result.errorOutput.contains("\u{1B}"))
            #expect(result.errorOutput.contains("\\u{1B}]0;pwned\\u{7}"), "\(result.errorOutput)")
        }
        let undo = sandbox.run(["undo"])
        #expect(undo.output.contains("Undid add"), "\(undo.output)")
    }
}

/// The iOS app's free-text ages through the commands a teacher runs on its file.
@Suite("Ages kept as written, at the command line")
struct WrittenAgeCommandTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ada", "age": "12"],
            ["id": UUID().uuidString, "name": "Ben", "age": "twelve"],
            ["id": UUID().uuidString, "name": "Cy", "age": "\u{1B}[2J"],
        ]
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
            .write(to: sandbox.file)
    }

    @Test("list, show, stats and exports show the text; an age filter says whom it left out")
    func shown() throws {
        let list = sandbox.run(["list"])
        #expect(list.output.contains("Ben      twelve"), "\(list.output)")
        #expect(!list.output.contains("\u{1B}"), "a control character is escaped")
        #expect(sandbox.run(["show", "Ben"]).output.contains("Age:   twelve"))
        #expect(
            sandbox.run(["stats"]).output.contains("min 12, median 12, max 12 (2 not a number, left out)"))
        let young = sandbox.run(["list", "--max-age", "13"])
        #expect(young.output.contains("Ada") && !young.output.contains("Ben"))
        #expect(young.errorLine.hasPrefix("Note: 2 students whose age is not a number are left out"))
        #expect(sandbox.run(["export", "--format", "csv"]).output.contains(",Ben,twelve,"))
        #expect(sandbox.run(["export", "--format", "json"]).output.contains(#""name":"Ben","age":"twelve""#))
    }

    @Test(
        "the age filter's note counts only the students the list would show: a leaver, or one the search leaves out, is not counted"
    )
    func noteCountsTheList() throws {
        #expect(sandbox.run(["leave", "Cy", "--date", "yesterday"]).status == 0)
        let young = sandbox.run(["list", "--max-age", "13"])
        #expect(
            young.errorLine.hasPrefix("Note: 1 student whose age is not a number is left out"),
            "\(young.errorLine)")
        let leavers = sandbox.run(["list", "--left", "--max-age", "13"])
        #expect(leavers.errorLine.hasPrefix("Note: 1 student whose age is not a number is left out"))
        let searched = sandbox.run(["list", "--search", "Ada", "--max-age", "13"])
        #expect(!searched.errorOutput.contains("Note:"), "\(searched.errorOutput)")
    }

    @Test("an edit of another field keeps the text; an edit of the age replaces it, and undo brings it back")
    func edited() throws {
        #expect(sandbox.run(["edit", "Ben", "--note", "front row"]).status == 0)
        #expect(sandbox.run(["show", "Ben"]).output.contains("Age:   twelve"))
        let aged = sandbox.run(["edit", "Ben", "--age", "12"])
        #expect(aged.output == "Updated Ben: age twelve -> 12.\n", "\(aged.output)")
        #expect(sandbox.run(["undo"]).status == 0)
        let records = try PropertyListSerialization.propertyList(from: sandbox.bytes() ?? Data(), format: nil)
        let ben = (records as? [[String: Any]])?.first { $0["name"] as? String == "Ben" }
        #expect(ben?["age"] as? String == "twelve")
        #expect(ben?["note"] as? String == "front row")
    }
}
