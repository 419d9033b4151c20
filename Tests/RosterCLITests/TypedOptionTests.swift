import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Options are declared once, as typed fields, and every option either does what its help says or
/// is refused with exit 64 and one `Error:` line naming what was typed.
@Suite("Typed options")
struct TypedOptionTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Ben Ng", "Zoë Martin", "Dev Patel"] { try sandbox.add(name) }
    }

    @Test("every option a command's help lists is a field of that command, once")
    func optionsDeclaredOnce() {
        for entry in CommandLineTool.subcommands {
            let names = entry.spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(entry.name): \(names)")
            #expect(
                !names.isEmpty || !entry.spec.arguments.isEmpty
                    || ["undo", "redo", "path"].contains(entry.name))
        }
    }

    @Test(
        "options a mode would ignore are refused, naming the options typed",
        arguments: [
            (["register", "--week", "--sort", "absences"], "--sort"),
            (["register", "--from", "2026-11-30", "--lesson", "2"], "--lesson"),
            (["register", "--week", "--lesson", "2"], "--lesson"),
            (["register", "--sort", "rate"], "--sort"),
            (["classes", "--yes"], "--yes"),
            (["classes", "rename", "7A", "8A", "--format", "json"], "--format"),
            (["list", "--format", "json", "--no-header"], "--no-header"),
            (["list", "--blank", "3"], "--blank"),
            (["seats", "ada", "zoe"], "--swap"),
        ])
    func ignoredOptionsRefused(arguments: [String], named option: String) throws {
        let before = try Data(contentsOf: sandbox.file)
        let result = sandbox.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.errorOutput)")
        let errors = result.errorOutput.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1 && errors[0].contains(option), "\(result.errorOutput)")
        #expect(try Data(contentsOf: sandbox.file) == before)
    }

    @Test("--front takes one student or several: --front ada zoe, --front ada,zoe, --front ada --front zoe")
    func frontTakesSeveral() throws {
        for front in [
            ["--front", "ada", "zoe"], ["--front", "ada,zoe"], ["--front", "ada", "--front", "zoe"],
        ] {
            let made = sandbox.run(
                ["seats", "--rows", "2", "--columns", "2"] + front, environment: ["ROSTER_SEED": "4"])
            #expect(made.status == 0, "\(front): \(made.errorOutput)")
            #expect(!made.errorOutput.contains("swap"))
            let csv = sandbox.run(["seats", "--format", "csv"]).output
            let frontRow = csv.split(separator: "\r\n").dropFirst().filter { $0.hasPrefix("1,") }
            #expect(frontRow.contains { $0.hasSuffix("Ada Lovelace") }, "\(front): \(csv)")
            #expect(frontRow.contains { $0.hasSuffix("Zoë Martin") }, "\(front): \(csv)")
        }
    }

    @Test("a malformed number names the option typed and what it takes")
    func malformedNumber() {
        let result = sandbox.run(["list", "--limit", "two"])
        #expect(result.status == 64)
        #expect(result.errorOutput.contains("--limit <n>") && result.errorOutput.contains("two"))
    }
}
