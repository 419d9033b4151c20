import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The built binary at the edges: pipes that close, standard input, /dev/stdout, and a file that
/// another app shares, checked with Python's plistlib.
@Suite("End to end: trust at the edges")
struct EdgeTrustEndToEndTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    /// Runs a shell command line with the sandbox's environment and the binary as `$ROSTER`.
    private func shell(_ line: String) throws -> RunResult {
        var environment = sandbox.environment
        environment["ROSTER"] = RosterBinary.url.path
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return try RosterBinary.run(["-c", line], environment: environment, executable: "/bin/sh")
    }

    @Test("a reader that goes away ends roster quietly")
    func closedPipe() throws {
        try StorageHandler.save(
            (0..<20_000).map { Student(name: "Student \($0)", age: 12) }, to: sandbox.file)
        for command in ["list", "export", "list --format json"] {
            let result = try shell("\"$ROSTER\" \(command) | head -1")
            #expect(result.errorOutput.isEmpty, "\(command): \(result.errorOutput)")
            #expect(result.output.split(separator: "\n").count == 1)
        }
    }

    @Test("a file-size limit (ulimit -f) is one Error: line; the roster and its history are as they were")
    func fileSizeLimit() throws {
        try StorageHandler.save((0..<2_000).map { Student(name: "Student \($0)", age: 12) }, to: sandbox.file)
        let before = try Data(contentsOf: sandbox.file)
        let history = try StorageHandler.history(at: sandbox.file).count
        let result = try shell("ulimit -f 16; \"$ROSTER\" add 'New Kid' --age 12")
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: Could not write"), "\(result.errorOutput)")
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: sandbox.file) == before)
        #expect(try StorageHandler.history(at: sandbox.file).count == history)
    }

    @Test("too few open files allowed (ulimit -n 6) is one Error: line, not a crash")
    func fewDescriptors() throws {
        try StorageHandler.save(
            (0..<40_000).map { Student(name: "Student \($0)", age: 12) }, to: sandbox.file)
        for command in ["list", "undo", "add 'New Kid' --age 12"] {
            let result = try shell("ulimit -n 6; \"$ROSTER\" \(command)")
            #expect(result.status == 1, "\(command)")
            #expect(
                result.errorOutput.hasPrefix("Error: Only 6 open files are allowed"), "\(result.errorOutput)")
            #expect(result.errorOutput.split(separator: "\n").count == 1)
        }
        #expect(try StorageHandler.load(from: sandbox.file).count == 40_000)
    }

    @Test("import reads standard input as - and as /dev/stdin, from a pipe")
    func standardInput() throws {
        for source in ["-", "/dev/stdin"] {
            try? FileManager.default.removeItem(at: sandbox.file)
            let result = try shell(
                "printf 'name,age\\nAda,12\\nAlan,13\\n' | \"$ROSTER\" import \(source) --format csv")
            #expect(result.status == 0, "\(source): \(result.errorOutput)")
            #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ada", "Alan"])
        }
        let unnamed = try shell("printf 'name,age\\nAda,12\\n' | \"$ROSTER\" import -")
        #expect(unnamed.status == 64)
        #expect(unnamed.errorOutput.contains("--format csv"))
    }

    @Test("export --output /dev/stdout writes into the pipe and leaves /dev/stdout alone")
    func exportToStandardOutput() throws {
        try sandbox.add("Ada Lovelace")
        let result = try shell("\"$ROSTER\" export --output /dev/stdout | cat")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("id,name,age,grade,score"))
        #expect(result.output.contains("Ada Lovelace"))
        #expect(fileType("/dev/stdout") == S_IFLNK)
    }

    @Test(
        "every changing command keeps other apps' keys, as plistlib reads them",
        .enabled(if: installedTool("python3") != nil), arguments: ["binary", "xml"])
    func otherAppsKeys(format: String) throws {
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/shared_roster.py").path
        let original = sandbox.folder.appendingPathComponent("original.plist").path
        #expect(try shell("python3 '\(helper)' make '\(original)' \(format)").status == 0)
        let csv = sandbox.folder.appendingPathComponent("more.csv").path
        try Data("name,age\nKofi,12\n".utf8).write(to: URL(fileURLWithPath: csv))
        let commands = [
            ["add", "New Kid", "--age", "12"], ["edit", "Alan Turing", "--score", "88"],
            ["remove", "Grace Hopper"], ["import", csv], ["delete-all", "--yes"], ["undo"],
        ]
        try FileManager.default.copyItem(atPath: original, toPath: sandbox.file.path)
        for command in commands {
            let result = try RosterBinary.run(command, environment: sandbox.environment)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
            let check = try shell("python3 '\(helper)' check \"$ROSTER_FILE\" '\(original)'")
            #expect(check.output == "ok\n", "after \(command): \(check.output) \(check.errorOutput)")
            let isXML = try Data(contentsOf: sandbox.file).starts(with: Array("<?xml".utf8))
            #expect(isXML == (format == "xml"), "after \(command)")
        }
        #expect(try StorageHandler.load(from: sandbox.file).count == 5)
    }

    @Test(
        "a crafted binary plist ends list, add, undo and import with one Error: line, never a signal",
        arguments: ["huge-reference.plist", "huge-reference-all-ones.plist", "huge-offset.plist"])
    func craftedFiles(name: String) throws {
        let crafted = FuzzTests.repository.appendingPathComponent("Fixtures/hostile/" + name)
        try FileManager.default.copyItem(at: crafted, to: sandbox.file)
        var results = [
            try RosterBinary.run(["list"], environment: sandbox.environment),
            try RosterBinary.run(["add", "Ada", "--age", "12"], environment: sandbox.environment),
        ]
        // An import of the crafted file, and an undo to a crafted version.
        try FileManager.default.removeItem(at: sandbox.file)
        results.append(try RosterBinary.run(["import", crafted.path], environment: sandbox.environment))
        try sandbox.add("Ada")
        let history = sandbox.folder.appendingPathComponent(".students.plist.history")
        let version = try #require(
            try FileManager.default.contentsOfDirectory(atPath: history.path).first { $0.hasSuffix(".plist") }
        )
        try FileManager.default.removeItem(at: history.appendingPathComponent(version))
        try FileManager.default.copyItem(at: crafted, to: history.appendingPathComponent(version))
        results.append(try RosterBinary.run(["undo"], environment: sandbox.environment))
        for (index, result) in results.enumerated() {
            #expect(result.status == 1)
            // An import lists the file's problem, then its one Error: line.
            let lines = result.errorOutput.split(separator: "\n")
            #expect(lines.count == (index == 2 ? 2 : 1), "\(result.errorOutput)")
            #expect(lines.last?.hasPrefix("Error: ") == true, "\(result.errorOutput)")
        }
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ada"])
    }
}

/// The classroom commands through the built binary.
@Suite("End to end: classroom commands")
struct ClassroomEndToEndTests {
    @Test("pick through the binary, repeatable with ROSTER_SEED")
    func pick() throws {
        let sandbox = try RosterSandbox()
        for name in ["Ada", "Alan", "Grace"] { try sandbox.add(name) }
        let environment = sandbox.environment.merging(["ROSTER_SEED": "11"]) { $1 }
        let first = try RosterBinary.run(["pick", "--count", "3"], environment: environment)
        #expect(first.status == 0)
        #expect(
            Set(first.output.split(separator: "\n").map { String($0.dropFirst(3)) }) == [
                "Ada", "Alan", "Grace",
            ])
        #expect(first.errorOutput == "(0 students still to pick in this round)\n")
        try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent(".students.plist.picks"))
        #expect(
            try RosterBinary.run(["pick", "--count", "3"], environment: environment).output == first.output)
    }

    @Test("groups and classes through the binary")
    func groupsAndClasses() throws {
        let sandbox = try RosterSandbox()
        for name in ["Ada", "Alan", "Grace", "Kofi"] { try sandbox.add(name) }
        let environment = sandbox.environment.merging(["ROSTER_SEED": "5"]) { $1 }
        let groups = try RosterBinary.run(
            ["groups", "--size", "2", "--apart", "ada,alan"], environment: environment)
        #expect(groups.status == 0)
        let lines = groups.output.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.split(separator: ",").count == 2 })
        #expect(lines.allSatisfy { !($0.contains("Ada") && $0.contains("Alan")) })
        var classEnvironment = sandbox.environment
        classEnvironment["ROSTER_FILE"] = nil
        #expect(
            try RosterBinary.run(
                ["--class", "7A", "add", "Zoe", "--age", "11"], environment: classEnvironment
            ).status == 0)
        #expect(
            try RosterBinary.run(["classes"], environment: classEnvironment).output
                == "CLASS  STUDENTS\n7A     1\n")
    }

    @Test("absent, present, register and stats through the binary, and a date in the future refused")
    func registerAndStats() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ada", age: 12, ["--score", "95"])
        try sandbox.add("Alan", age: 12, ["--score", "55"])
        let run = { (arguments: [String]) in try RosterBinary.run(arguments, environment: sandbox.environment)
        }
        #expect(try run(["absent", "ada", "alan", "--date", "2026-11-02"]).status == 0)
        #expect(
            try run(["present", "alan", "--date", "2026-11-02"]).output
                == "Marked present on 2026-11-02: Alan.\n")
        #expect(
            try run(["register", "--date", "2026-11-02"]).output
                == "Register for 2026-11-02: 1 present, 1 absent.\n  Absent: Ada\n")
        let future = try run(["absent", "ada", "--date", "2999-01-01"])
        #expect(
            future.status == 64 && future.errorOutput.hasPrefix("Error: The value '2999-01-01' is invalid"))
        let stats = try RosterBinary.run(
            ["stats"], environment: sandbox.environment.merging(["LANG": "C.UTF-8"]) { $1 })
        #expect(stats.output.contains("  90-100  \(String(repeating: "█", count: 30)) 1"))
    }
}
