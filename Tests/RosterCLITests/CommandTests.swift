import Foundation
import RosterEngine
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Commands, in-process")
struct CommandTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test("add prints the full id and stores the student")
    func add() throws {
        let result = sandbox.run(["add", "Ada Lovelace", "--age", "12", "--grade", "7", "--score", "91.5"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Added Ada Lovelace, age 12, with id "))
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.count == 1)
        #expect(result.output.contains(try #require(students.first).id.uuidString))
    }

    @Test("list prints an aligned table sorted by name")
    func listTable() throws {
        try sandbox.add("Zoë", age: 11)
        try sandbox.add("Ada Lovelace", age: 12, ["--grade", "7", "--score", "91.5"])
        try sandbox.add("李华", age: 13)
        let lines = sandbox.run(["list"]).output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("ID        NAME"))
        #expect(lines[1].contains("Ada Lovelace") && lines[1].hasSuffix("91.5"))
        #expect(lines[2].contains("Zoë") && lines[3].contains("李华"))
        let widths = lines.map { DisplayWidth.of($0) }
        #expect(Set(widths).count == 1, "rows differ in width: \(widths)")
    }

    @Test("list --format json prints the listed order with set fields only")
    func listJSON() throws {
        let zoe = try sandbox.add("Zoë", age: 11)
        let ada = try sandbox.add("Ada", age: 12, ["--grade", "7"])
        let output = sandbox.run(["list", "--format", "json", "--sort", "age", "--reverse"]).output
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["id"] as? String } == [ada, zoe])
        #expect(objects[0]["grade"] as? Int == 7)
        #expect(objects[1]["grade"] == nil && objects[1]["score"] == nil)
        #expect(objects[1]["age"] as? Int == 11)
    }

    @Test("an empty roster lists a friendly line, or [] as JSON")
    func emptyList() {
        #expect(sandbox.run(["list"]).output.hasPrefix("The roster is empty."))
        #expect(sandbox.run(["list", "--format", "json"]).output == "[]\n")
    }

    @Test("show finds a student by name, id prefix or full id")
    func show() throws {
        let id = try sandbox.add("Ada", age: 12, ["--score", "90"])
        for reference in ["ada", String(id.prefix(5)).lowercased(), id] {
            let result = sandbox.run(["show", reference])
            #expect(result.output == "ID:    \(id)\nName:  Ada\nAge:   12\nGrade: -\nScore: 90\n")
        }
        let json = sandbox.run(["show", "Ada", "--format", "json"]).output
        #expect(json == "{\"id\":\"\(id)\",\"name\":\"Ada\",\"age\":12,\"score\":90}\n")
    }

    @Test("not found and ambiguous references exit 1 with one Error: line")
    func lookupErrors() throws {
        try sandbox.add("Twin")
        try sandbox.add("twin")
        let missing = sandbox.run(["show", "Bob"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput.hasPrefix("Error: No student matches 'Bob'."))
        #expect(missing.errorOutput.split(separator: "\n").count == 1)
        let ambiguous = sandbox.run(["remove", "twin"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.errorOutput.hasPrefix("Error: 'twin' matches 2 students: "))
        #expect(ambiguous.output.isEmpty)
    }

    @Test("edit changes the given fields and can clear grade and score")
    func edit() throws {
        let id = try sandbox.add("Ada", age: 12, ["--grade", "7", "--score", "80"])
        #expect(
            sandbox.run(["edit", "Ada", "--name", "Ada Lovelace", "--age", "13", "--clear-grade"]).status == 0
        )
        let student = try #require(try StorageHandler.load(from: sandbox.file).first)
        #expect(
            student
                == Student(id: try #require(UUID(uuidString: id)), name: "Ada Lovelace", age: 13, score: 80))
    }

    @Test("remove takes several students, all or nothing")
    func remove() throws {
        try sandbox.add("Ada")
        try sandbox.add("Alan")
        try sandbox.add("Grace")
        let failed = sandbox.run(["remove", "Ada", "Nobody"])
        #expect(failed.status == 1)
        #expect(try StorageHandler.load(from: sandbox.file).count == 3)
        let result = sandbox.run(["remove", "Ada", "Grace"])
        #expect(result.output == "Removed 2 students: Ada, Grace.\n")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Alan"])
    }

    @Test("delete-all needs --yes without a terminal and asks on one")
    func deleteAll() throws {
        try sandbox.add("Ada")
        let declined = sandbox.run(["delete-all"], input: ScriptedInput(["n"], isTerminal: true))
        #expect(declined.output == "Nothing was deleted.\n")
        #expect(declined.errorOutput.contains("Delete all 1 student in"))
        #expect(try StorageHandler.load(from: sandbox.file).count == 1)
        let confirmed = sandbox.run(["delete-all"], input: ScriptedInput(["yes"], isTerminal: true))
        #expect(confirmed.output.hasPrefix("Deleted 1 student."))
        #expect(try StorageHandler.load(from: sandbox.file).isEmpty)
        #expect(sandbox.run(["undo"]).output.contains("1 student is back"))
        #expect(sandbox.run(["delete-all", "--yes"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).isEmpty)
    }

    @Test("undo on a fresh roster exits 1")
    func undoFresh() {
        let result = sandbox.run(["undo"])
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: There is nothing to undo"))
    }

    @Test("path prints the file from --file, $ROSTER_FILE or $HOME/Documents")
    func path() {
        #expect(sandbox.run(["path"]).output == sandbox.file.path + "\n")
        #expect(sandbox.run(["path", "--file", "/tmp/x.plist"]).output == "/tmp/x.plist\n")
        let home = sandbox.run(["path"], environment: ["ROSTER_FILE": "/unused"]).output
        #expect(home == "/unused\n")
        let output = CapturedOutput()
        _ = CommandLineTool.run(
            arguments: ["path"], environment: ["HOME": "/home/t"], output: output,
            errorOutput: CapturedOutput())
        #expect(output.text == "/home/t/Documents/students.plist\n")
    }

    @Test(
        "a damaged roster fails every command with exit 1 and stays unchanged",
        arguments: [
            ["list"], ["add", "Ada", "--age", "3"], ["show", "x"], ["edit", "x", "--age", "3"],
            ["remove", "x"],
            ["delete-all", "--yes"],
        ])
    func damaged(arguments: [String]) throws {
        let garbage = Data("not a roster".utf8)
        try garbage.write(to: sandbox.file)
        let result = sandbox.run(arguments)
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: The roster file '\(sandbox.file.path)' is damaged"))
        #expect(result.output.isEmpty)
        #expect(sandbox.bytes() == garbage)
    }
}
