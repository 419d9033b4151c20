import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Hostile arguments")
struct HostileArgumentTests {
    @Test(
        "numbers are read as a person means them",
        arguments: [("+17", 17), ("017", 17), (" 17", 17), ("17 ", 17), ("120", 120)])
    func ages(text: String, age: Int) throws {
        let sandbox = try RosterSandbox()
        #expect(sandbox.run(["add", "Ada", "--age", text]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).first?.age == age)
    }

    @Test(
        "values that cannot be right are usage errors",
        arguments: [
            ["add", String(repeating: "x", count: 10_000), "--age", "9"],
            ["add", "evil\u{202E}txt.exe", "--age", "9"],
            ["add", "Ada\u{0}", "--age", "9"],
            ["add", "Ada", "--age", "1e309"],
            ["add", "Ada", "--age", "99999999999999999999999"],
            ["add", "Ada", "--age", "9", "--score", "1e309"],
            ["add", "Ada", "--age", "9", "--score", "nan"],
            ["add", "Ada", "--age", "9", "--score", "-0.5"],
            ["add", "Ada", "--age", "9", "--grade", "7.5"],
            ["add", "Ada", "--age", ""],
        ])
    func refused(arguments: [String]) throws {
        let sandbox = try RosterSandbox()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorLine.hasPrefix("Error: "))
        #expect(result.errorLine.count < 300)
        #expect(sandbox.bytes() == nil)
    }

    @Test(
        "a value that is not a number is quoted with its controls escaped",
        arguments: [["list", "--limit", "1\u{1B}[2J"], ["add", "Ada", "--age", "9\u{9B}1m"]])
    func escapedValue(arguments: [String]) throws {
        let sandbox = try RosterSandbox()
        let result = sandbox.run(arguments)
        #expect(result.status == 64 && result.errorLine.contains("is invalid for"), "\(result.errorOutput)")
        #expect(!result.errorOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
    }

    @Test("huge argument lists are answered quickly with a short message")
    func hugeLists() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ada")
        let many = (0..<50_000).map { "student-\($0)" }
        let extra = sandbox.run(["add", "Bob", "--age", "9"] + many)
        #expect(extra.status == 64)
        #expect(
            extra.errorLine
                == "Error: Unexpected arguments 'student-0', 'student-1', 'student-2', 'student-3', 'student-4' and 49995 more"
        )
        let remove = sandbox.run(["remove", "Ada"] + many)
        #expect(remove.status == 1)
        #expect(remove.errorLine.hasPrefix("Error: No student matches 'student-0'."))
        #expect(try StorageHandler.load(from: sandbox.file).count == 1)
    }

    @Test("an ambiguous name among many lists a few candidates")
    func manyCandidates() throws {
        let sandbox = try RosterSandbox()
        try StorageHandler.save((0..<500).map { _ in Student(name: "Sam", age: 9) }, to: sandbox.file)
        let result = sandbox.run(["show", "sam"])
        #expect(result.status == 1)
        #expect(result.errorLine.contains("'sam' matches 500 students: "))
        #expect(result.errorLine.contains(" and 490 more. Use a longer id prefix or the full id."))
    }
}
