import Foundation
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
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["problems"] as? [[String: Any]])?.count == 200)
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
    }

    @Test("100 columns roster does not know print 20 notes and how many more")
    func manyNotes() throws {
        let csv = sandbox.folder.appendingPathComponent("wide.csv")
        let extra = (1...100).map { "extra\($0)" }
        try Data(("name,age," + extra.joined(separator: ",") + "\nAda,12" + String(repeating: ",", count: 100) + "\n").utf8)
            .write(to: csv)
        let result = sandbox.run(["import", csv.path])
        let notes = result.errorOutput.split(separator: "\n").filter { $0.hasPrefix("Note:") }
        #expect(notes.count == 21, "\(result.errorOutput)")
        #expect(notes.last?.contains("more notes") == true)
    }
}
