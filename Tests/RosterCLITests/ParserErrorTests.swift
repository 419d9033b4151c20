import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Usage errors")
struct ParserErrorTests {
    @Test(
        "each wrong command line gets swift-argument-parser's wording and exit 64",
        arguments: [
            (["add"], "Error: Missing expected argument '<name>'"),
            (["add", "Ada"], "Error: Missing expected argument '--age <age>'"),
            (["add", "Ada", "--agee", "3"], "Error: Unknown option '--agee'. Did you mean '--age'?"),
            (
                ["add", "Ada", "--age", "abc"],
                "Error: The value 'abc' is invalid for '--age <age>'. Use a whole number from 1 to 120."
            ),
            (["add", "Ada", "--age"], "Error: Missing value for '--age <age>'"),
            (["add", "Ada", "--age", "12", "x"], "Error: Unexpected argument 'x'"),
            (
                ["add", "Ada", "--age", "130"],
                "Error: The age 130 is out of range; use a number from 1 to 120."
            ),
            (
                ["add", "Ada", "--age", "12", "--score", "nan"],
                "Error: The value 'nan' is invalid for '--score <score>'. Use a number from 0 to 100, such as 88.5."
            ),
            (
                ["add", "Ada", "--age", "12", "--score", "1e309"],
                "Error: The value '1e309' is invalid for '--score <score>'. Use a number from 0 to 100, such as 88.5."
            ),
            (
                ["add", "Ada\nLovelace", "--age", "12"],
                "Error: The name contains a control character such as a newline or a tab; type the name on one line with ordinary spaces."
            ),
            (
                ["add", "  ", "--age", "12"],
                "Error: The name is empty. Give the student's name, for example \"Ada Lovelace\"."
            ),
            (
                ["list", "--sort", "height"],
                "Error: The value 'height' is invalid for '--sort <field>'. Please provide one of 'name', 'surname', 'age', 'grade', 'score', 'added'."
            ),
            (
                ["list", "--reverse=yes"],
                "Error: The option '--reverse' does not take any value, but 'yes' was specified."
            ),
            (["lst"], "Error: Unknown subcommand 'lst'. Did you mean 'list'?"),
            (["--bogus"], "Error: Unknown option '--bogus'"),
            (
                ["edit", "Ada"],
                "Error: Nothing to change. Give at least one of --name, --age, --grade, --score, --clear-grade, --clear-score, --school-id, --first, --last, --note, --pronouns, --guardian, --guardian-email."
            ),
            (
                ["edit", "Ada", "--grade", "3", "--clear-grade"],
                "Error: --grade and --clear-grade cannot be used together; give one of them."
            ),
            (["remove"], "Error: Missing expected argument '<student> ...'"),
            (["delete-all"], "Error: delete-all needs --yes to confirm when it is not run at a terminal."),
            (
                ["list", "--file", ""],
                "Error: The value '' is invalid for '--file <file>'. Give the path of a roster file."
            ),
            (["help", "xyzzy"], "Error: Unknown subcommand 'xyzzy'. See 'roster help' for the subcommands."),
        ])
    func usageError(arguments: [String], message: String) throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ada")
        let before = sandbox.bytes()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorLine == message)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.contains("\nUsage: roster"))
        #expect(result.errorOutput.hasSuffix("for more information.\n"))
        #expect(sandbox.bytes() == before)
    }

    @Test("a missing argument is followed by its Help: line, the usage and the hint")
    func fullMissingArgument() throws {
        let result = try RosterSandbox().run(["add"])
        #expect(
            result.errorOutput == """
                Error: Missing expected argument '<name>'
                Help:  <name>  The student's name, at most 100 characters; with --first or --last, optional.
                Usage: roster add <name> --age <age> [--grade <grade>] [--score <score>] [--joined <day>] [--school-id <id>] [--first <name>] [--last <name>] [--note <text>] [--pronouns <pronouns>] [--guardian <name>] [--guardian-email <address>]
                  See 'roster add --help' for more information.

                """)
    }

    @Test("a missing value before the subcommand names the option and its help")
    func globalMissingValue() throws {
        let result = try RosterSandbox().run(["--file"])
        #expect(result.status == 64)
        #expect(
            result.errorOutput.hasPrefix(
                "Error: Missing value for '--file <file>'\nHelp:  --file <file>  The roster file."))
        let shell = try RosterSandbox().run(["--generate-completion-script"])
        #expect(
            shell.errorOutput.contains(
                "Help:  --generate-completion-script <shell>  The shell: bash, zsh or fish."))
    }

    @Test("an empty $ROSTER_FILE is a usage error")
    func emptyEnvironment() throws {
        let result = try RosterSandbox().run(["list"], environment: ["ROSTER_FILE": ""])
        #expect(result.status == 64)
        #expect(result.errorLine.hasPrefix("Error: The environment variable ROSTER_FILE is set but empty."))
    }

    @Test("options take --opt value and --opt=value, and -- ends options")
    func optionForms() throws {
        let sandbox = try RosterSandbox()
        #expect(sandbox.run(["add", "Ada", "--age=12", "--grade", "7"]).status == 0)
        #expect(sandbox.run(["add", "--age", "12", "--", "--dash"]).status == 0)
        let names = sandbox.run(["list", "--format=json"]).output
        #expect(names.contains("\"name\":\"--dash\""))
        #expect(names.contains("\"grade\":7"))
    }

    @Test("a name after -- may start with a dash wherever it stands, and options follow it")
    func dashNameFirst() throws {
        let sandbox = try RosterSandbox()
        let added = sandbox.run(["add", "--", "-Name", "--age", "11"])
        #expect(added.status == 0, "\(added.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["-Name"])
        #expect(sandbox.run(["edit", "--", "-Name", "--age", "12"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).map(\.age) == [12])
        // A command that takes any number of students reads every word after -- as one.
        let absent = sandbox.run(["absent", "--", "-Name", "--date"])
        #expect(absent.status == 1 && absent.errorLine.contains("'--date'"), "\(absent.errorOutput)")
    }

    @Test("--file works before and after the subcommand", arguments: [true, false])
    func globalFile(before: Bool) throws {
        let sandbox = try RosterSandbox()
        let other = sandbox.folder.appendingPathComponent("other.plist").path
        let words =
            before
            ? ["--file", other, "add", "Ada", "--age", "9"] : ["add", "Ada", "--age", "9", "--file", other]
        #expect(sandbox.run(words).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
        #expect(sandbox.run(["path", "--file=\(other)"]).output == other + "\n")
    }
}
