import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Help and version")
struct HelpTests {
    @Test(
        "roster, roster --help and roster -h print the same overview",
        arguments: [[], ["--help"], ["-h"], ["help"]])
    func rootHelp(arguments: [String]) throws {
        let result = try RosterSandbox().run(arguments)
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(
            result.output.hasPrefix(
                "OVERVIEW: Keep a class roster of students in a property-list file.\n\nUSAGE: roster"))
        #expect(
            result.output.contains("\nSUBCOMMANDS:\n  add                     Add a student to the roster.\n")
        )
        #expect(result.output.hasSuffix("\n  See 'roster help <subcommand>' for detailed help.\n"))
        #expect(result.output.contains("\nUSAGE: roster [--file <file> | --class <name>] <subcommand>\n"))
        #expect(result.output.contains("\nGENERATORS:\n  --generate-manual "))
        #expect(result.output.contains("  --generate-completion-script <shell>\n"))
    }

    @Test(
        "the overview starts with three commands to a first lesson, then the subcommands in groups, help too")
    func startHere() throws {
        let help = try RosterSandbox().run(["help"]).output
        let start = try #require(help.range(of: "\nSTART HERE:\n"))
        let options = try #require(help.range(of: "\nOPTIONS:\n"))
        #expect(start.upperBound < options.lowerBound)
        let firstSteps = help[start.upperBound..<options.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("  roster ") }.map { $0.split(separator: " ")[1] }
        #expect(firstSteps == ["import", "register", "pick"])
        for heading in ["SUBCOMMANDS", "LESSON SUBCOMMANDS", "REGISTER SUBCOMMANDS", "MARKBOOK SUBCOMMANDS"] {
            #expect(help.contains("\n\(heading):\n"), "\(heading)")
        }
        for name in CommandLineTool.subcommandNames + ["help"] {
            let entries = help.split(separator: "\n").filter { $0.hasPrefix("  \(name) ") }
            #expect(entries.count == 1, "\(name) is listed once")
        }
        #expect(help.contains("or a gradebook's marks (--marks)"))
    }

    @Test("the manual names --class in its synopsis and description, the generators, and has examples")
    func manualPage() throws {
        let page = try RosterSandbox().run(["--generate-manual"]).output
        #expect(
            page.contains(".SH SYNOPSIS\n.B roster [\\-\\-file <file> | \\-\\-class <name>] <subcommand>\n"))
        #expect(page.contains("else \\-\\-class <name> (or $ROSTER_CLASS)"))
        #expect(
            page.contains(".B \\-\\-generate\\-manual\n")
                && page.contains("\\-\\-generate\\-completion\\-script"))
        #expect(page.contains(".SH EXAMPLES\n.TP\n.B roster \\-\\-class 7A add"))
    }

    @Test("help, the manual and every completion script show seats and the pages to print")
    func seatsAndPages() throws {
        let sandbox = try RosterSandbox()
        #expect(
            sandbox.run(["--help"]).output.contains(
                "\n  seats                   Make, show or change the class's seating plan.\n"))
        let help = sandbox.run(["seats", "--help"]).output
        for option in [
            "--rows <n>", "--columns <n>", "--front <student>", "--apart <students>", "--swap",
            "--teacher-view",
        ] {
            #expect(help.contains(option), "\(option)")
        }
        for command in ["list", "register", "groups", "seats"] {
            #expect(sandbox.run([command, "--help"]).output.contains("html"), "\(command)")
        }
        let manual = sandbox.run(["--generate-manual"]).output
        #expect(
            manual.contains(".SS seats\n")
                && manual.contains("seats \\-\\-format html \\-\\-output seats.html"))
        for shell in ["bash", "zsh", "fish"] {
            let script = sandbox.run(["--generate-completion-script", shell]).output
            for word in ["seats", "teacher-view", "html"] {
                #expect(script.contains(word), "\(shell): \(word)")
            }
        }
    }

    @Test(
        "help <subcommand> equals <subcommand> --help",
        arguments: ["add", "list", "show", "edit", "remove", "delete-all", "undo", "path", "seats"])
    func subcommandHelp(name: String) throws {
        let sandbox = try RosterSandbox()
        let viaHelp = sandbox.run(["help", name])
        #expect(viaHelp.status == 0)
        #expect(viaHelp == sandbox.run([name, "--help"]))
        #expect(viaHelp == sandbox.run([name, "-h", "--bogus"]))
        #expect(viaHelp.output.contains("\nUSAGE: roster \(name)"))
        #expect(viaHelp.output.contains("\nOPTIONS:\n"))
        #expect(viaHelp.output.contains("\n  -h, --help              Show help information.\n"))
    }

    @Test("descriptions start at column 26 and wrap to COLUMNS", arguments: [40, 80, 120])
    func layout(columns: Int) throws {
        let result = try RosterSandbox().run(["help", "list"], environment: ["COLUMNS": String(columns)])
        let lines = result.output.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("  -") || line.hasPrefix("  <") || line.hasPrefix("    ") {
            let characters = Array(line)
            #expect(characters.count > 26, "no description: \(line)")
            #expect(
                characters.count > 26 && characters[25] == " " && characters[26] != " ", "misaligned: \(line)"
            )
        }
        for line in lines where !line.hasPrefix("USAGE") && line.count > columns {
            let words = line.split(separator: " ")
            #expect(words.count == 1 || (words.count == 2 && line.hasPrefix("  -")), "too wide: \(line)")
        }
        let reverse = lines.first { $0.hasPrefix("  --reverse") } ?? ""
        #expect(reverse.hasSuffix(columns >= 80 ? "Show the list in reverse order." : "Show the list"))
    }

    @Test("--version prints the version", arguments: [["--version"], ["list", "--version"]])
    func version(arguments: [String]) throws {
        let result = try RosterSandbox().run(arguments)
        #expect(result == RunResult(status: 0, output: CommandLineTool.version + "\n", errorOutput: ""))
    }
}

@Suite("Students' names for the completion scripts")
struct StudentNameCompletionTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Zoë Martin", "Ada Lovelace"] { try sandbox.add(name) }
    }

    @Test("--complete-students lists each name once, from the roster the typed words name")
    func names() throws {
        #expect(sandbox.run(["--complete-students", "show"]).output == "Ada Lovelace\nZoë Martin\n")
        let other = sandbox.folder.appendingPathComponent("other.plist").path
        #expect(sandbox.run(["--file", other, "add", "Grace Hopper", "--age", "12"]).status == 0)
        for typed in [
            ["--file", other, "show"], ["--file=\(other)", "edit"], ["--file", "=", other, "pick", "--skip"],
        ] {
            #expect(sandbox.run(["--complete-students"] + typed).output == "Grace Hopper\n")
        }
        #expect(sandbox.run(["--class", "7A", "add", "Alan Turing", "--age", "12"]).status == 0)
        #expect(sandbox.run(["--complete-students", "remove", "--class", "7A"]).output == "Alan Turing\n")
    }

    @Test("a missing or damaged roster offers no names and no error, since a completion cannot show one")
    func quietFailures() throws {
        let missing = sandbox.run(["--complete-students", "--file", "/nonexistent/x.plist", "show"])
        #expect(missing.status == 0 && missing.output.isEmpty && missing.errorOutput.isEmpty)
        try Data("not a plist".utf8).write(to: sandbox.file)
        let damaged = sandbox.run(["--complete-students", "show"])
        #expect(damaged.status == 0 && damaged.output.isEmpty && damaged.errorOutput.isEmpty)
    }
}
