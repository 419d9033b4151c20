import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Prompts and progress at a terminal")
struct TerminalPromptTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test("add asks for a missing name and age at a terminal, again after a wrong answer")
    func prompts() throws {
        let input = ScriptedInput(["  ", "Ada Lovelace", "zero", "0", "12"], isTerminal: true)
        let result = runTool(["add", "--grade", "7"], sandbox: sandbox, input: input)
        #expect(result.status == 0)
        #expect(result.errorOutput.contains("Name:   The name is empty."))
        #expect(result.errorOutput.contains("  The age 'zero' is not a whole number."))
        #expect(
            result.errorOutput.contains("  The age 0 is out of range; use a number from 1 to 120.\nAge: "))
        let student = try #require(try StorageHandler.load(from: sandbox.file).first)
        #expect(student.name == "Ada Lovelace" && student.age == 12 && student.grade == 7)
    }

    @Test("the end of input at a prompt adds nothing; without a terminal nothing is asked")
    func promptEnd() throws {
        let ended = runTool(["add"], sandbox: sandbox, input: ScriptedInput(["Ada"], isTerminal: true))
        #expect(ended.status == 1)
        // One line saying what was not done, after the prompt's own line.
        #expect(
            ended.errorOutput.hasSuffix("\nError: The input ended at the age prompt; nothing was added.\n"))
        #expect(!ended.errorOutput.contains("Help:") && !ended.errorOutput.contains("Usage:"))
        #expect(sandbox.bytes() == nil)
        let piped = runTool(
            ["add"], sandbox: sandbox, input: ScriptedInput(["Ada", "12"], isTerminal: false))
        #expect(piped.status == 64)
        #expect(piped.errorLine == "Error: Missing expected argument '<name>'")
        #expect(sandbox.bytes() == nil)
    }

    @Test("progress is shown on a terminal once work takes long enough, never when piped")
    func progress() throws {
        let csv = sandbox.folder.appendingPathComponent("class.csv")
        let rows = (0..<12_000).map { "Student \($0),\(10 + $0 % 8)" }.joined(separator: "\n")
        try Data(("name,age\n" + rows + "\n").utf8).write(to: csv)
        let shown = runTool(["import", csv.path], sandbox: sandbox, errorIsTerminal: true)
        #expect(shown.status == 0)
        #expect(shown.errorOutput.contains("Checking rows: 10000…"))
        #expect(shown.errorOutput.hasSuffix("\n"))
        let piped = runTool(["import", csv.path, "--replace"], sandbox: sandbox, errorIsTerminal: false)
        #expect(piped.errorOutput.isEmpty)
        let export = runTool(["export", "--output", csv.path], sandbox: sandbox, errorIsTerminal: true)
        #expect(export.errorOutput.contains("Exporting 12000 students…"))
    }
}
