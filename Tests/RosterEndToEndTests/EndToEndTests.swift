import Foundation
import RosterKit
import RosterTestSupport
import Testing

@Suite("End to end: the built binary")
struct EndToEndTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    private func roster(_ arguments: [String]) throws -> RunResult {
        try RosterBinary.run(arguments, environment: sandbox.environment)
    }

    @Test("add, list, edit, remove through the binary")
    func lifecycle() throws {
        let added = try roster(["add", "Ada Lovelace", "--age", "12", "--score", "91.5"])
        #expect(added.status == 0)
        #expect(added.errorOutput.isEmpty)
        let id = String(try #require(added.output.split(separator: " ").last).dropLast(2))
        #expect(try roster(["edit", String(id.prefix(8)), "--grade", "7"]).status == 0)
        let listed = try roster(["list", "--format", "json"])
        #expect(
            listed.output
                == "[\n  {\"id\":\"\(id)\",\"name\":\"Ada Lovelace\",\"age\":12,\"grade\":7,\"score\":91.5}\n]\n"
        )
        #expect(try roster(["remove", "Ada Lovelace"]).output == "Removed 1 student: Ada Lovelace.\n")
        #expect(try StorageHandler.load(from: sandbox.file).isEmpty)
    }

    @Test("a usage error: exit 64, stdout empty, the full message on stderr")
    func usageError() throws {
        let result = try roster(["add", "Ada", "--agee", "12"])
        #expect(
            result
                == RunResult(
                    status: 64, output: "",
                    errorOutput: """
                        Error: Unknown option '--agee'. Did you mean '--age'?
                        Usage: roster add <name> --age <age> [--grade <grade>] [--score <score>] [--joined <day>] [--school-id <id>] [--first <name>] [--last <name>] [--note <text>] [--pronouns <pronouns>] [--guardian <name>] [--guardian-email <address>]
                          See 'roster add --help' for more information.

                        """))
    }

    @Test("a damaged roster: exit 1, one Error: line, the file untouched")
    func damaged() throws {
        let bytes = Data("bplist00 but not really".utf8)
        try bytes.write(to: sandbox.file)
        let result = try roster(["add", "Ada", "--age", "12"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(result.errorOutput.hasPrefix("Error: The roster file '\(sandbox.file.path)' is damaged"))
        #expect(sandbox.bytes() == bytes)
    }

    @Test("the README's first command lists the sample class")
    func readmeSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = try RosterBinary.run(
            ["--file", "Fixtures/sample-class.plist", "list"], environment: ["COLUMNS": "80"], directory: root
        )
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 31)
        #expect(lines.first?.hasPrefix("ID        NAME") == true)
    }

    @Test("eight roster processes adding at once lose no student")
    func concurrentAdds() async throws {
        try sandbox.add("First")
        let environment = sandbox.environment
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for number in 0..<25 {
                        let result = try RosterBinary.run(
                            ["add", "Worker \(worker) student \(number)", "--age", "10"],
                            environment: environment)
                        if result.status != 0 { failures += 1 }
                    }
                    return failures
                }
            }
            var failures = 0
            for try await count in group { failures += count }
            #expect(failures == 0)
        }
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.count == 201)
        #expect(Set(students.map(\.name)).count == 201)
    }
}

/// The binary at a real pseudo-terminal, through `script`, as a person at a keyboard would use it.
@Suite("End to end: at a terminal")
struct PseudoTerminalTests {
    static let script = URL(fileURLWithPath: "/usr/bin/script")

    private func atTerminal(_ command: String, typing answers: String, sandbox: RosterSandbox) throws
        -> String
    {
        let process = Process()
        process.executableURL = Self.script
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.environment = sandbox.environment.merging(["TERM": "xterm"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(answers.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(
        "add asks for the name and age at a terminal",
        .enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func prompts() throws {
        let sandbox = try RosterSandbox()
        let screen = try atTerminal(
            "'\(RosterBinary.url.path)' add", typing: "Grace Hopper\n200\n13\n", sandbox: sandbox)
        #expect(screen.contains("Name: "))
        #expect(screen.contains("The age 200 is out of range"))
        #expect(screen.contains("Added Grace Hopper, age 13"))
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Grace Hopper"])
    }

    @Test(
        "delete-all asks before deleting at a terminal",
        .enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func confirms() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ada")
        let declined = try atTerminal(
            "'\(RosterBinary.url.path)' delete-all", typing: "n\n", sandbox: sandbox)
        #expect(declined.contains("Delete all 1 student in"))
        #expect(try StorageHandler.load(from: sandbox.file).count == 1)
        _ = try atTerminal("'\(RosterBinary.url.path)' delete-all", typing: "y\n", sandbox: sandbox)
        #expect(try StorageHandler.load(from: sandbox.file).isEmpty)
    }

    @Test(
        "register --take calls the roll at a terminal and records it",
        .enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func rollCall() throws {
        let sandbox = try RosterSandbox()
        for name in ["Grace", "Ada", "Alan"] { try sandbox.add(name) }
        let screen = try atTerminal(
            "'\(RosterBinary.url.path)' register --take --date 2026-11-04", typing: "pal",
            sandbox: sandbox)
        #expect(screen.contains("1/3 Ada: present"))
        #expect(screen.contains("Recorded the register for 2026-11-04: 1 present, 1 absent, 1 late."))
        let day = try RosterBinary.run(
            ["register", "--date", "2026-11-04"], environment: sandbox.environment)
        #expect(
            day.output
                == "Register for 2026-11-04: 1 present, 1 absent, 1 late.\n  Absent: Alan\n  Late: Grace\n")
    }
}
