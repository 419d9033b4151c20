import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Completion scripts and the manual page")
struct CompletionTests {
    static func shell(_ name: String) -> URL? {
        installedTool(name)
    }

    private func script(_ shell: String) throws -> String {
        let result = try RosterSandbox().run(["--generate-completion-script", shell])
        try #require(result.status == 0)
        return result.output
    }

    @Test("each script names every subcommand, option and choice", arguments: CompletionScript.shells)
    func content(shell: String) throws {
        let text = try script(shell)
        for name in CommandLineTool.subcommandNames { #expect(text.contains(name)) }
        for word in ["--sort", "--format", "--file", "--output", "added", "plist", "--clear-grade"] {
            #expect(text.contains(word.hasPrefix("--") && shell == "fish" ? "-l \(word.dropFirst(2))" : word))
        }
    }

    @Test("each script is accepted by its shell", arguments: CompletionScript.shells)
    func syntax(shell: String) throws {
        guard let executable = Self.shell(shell) else {
            // The shell is not installed here: nothing to check it with.
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roster-completion-\(UUID()).\(shell)")
        try Data(try script(shell).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-n", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(shell): \(message)")
    }

    @Test("bash completes subcommands, sort fields and options", .enabled(if: shell("bash") != nil))
    func bashCompletes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roster-completion-\(UUID()).bash")
        try Data(try script("bash").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
            source "$1"
            COMP_WORDS=(roster li); COMP_CWORD=1; _roster; echo "${COMPREPLY[*]}"
            COMP_WORDS=(roster list --sort ""); COMP_CWORD=3; _roster; echo "${COMPREPLY[*]}"
            COMP_WORDS=(roster --file x.plist edit --cl); COMP_CWORD=4; _roster; echo "${COMPREPLY[*]}"
            """
        let process = Process()
        guard let bash = Self.shell("bash") else { return }
        process.executableURL = bash
        process.arguments = ["-c", probe, "bash", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        #expect(
            lines == ["list", "name surname age grade score added", "--clear-grade --clear-score --class"])
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() throws {
        let result = try RosterSandbox().run(["--generate-completion-script", "tcsh"])
        #expect(result.status == 64)
        #expect(
            result.errorLine.hasPrefix(
                "Error: The value 'tcsh' is invalid for '--generate-completion-script <shell>'"))
    }

    @Test("the manual page is roff with every command and option from the help")
    func manualPage() throws {
        let page = try RosterSandbox().run(["--generate-manual"]).output
        #expect(page.hasPrefix(".TH ROSTER 1 "))
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SH EXIT STATUS"] {
            #expect(page.contains(section))
        }
        for name in CommandLineTool.subcommandNames {
            #expect(page.contains(".SS \(name.replacingOccurrences(of: "-", with: "\\-"))"))
        }
        #expect(page.contains("\\-\\-clear\\-grade"))
    }

    @Test(
        "the manual page has a date, ENVIRONMENT, FILES and EXIT STATUS, and mandoc finds nothing to warn of")
    func manualPageSections() throws {
        let page = try RosterSandbox().run(["--generate-manual"]).output
        #expect(page.hasPrefix(".TH ROSTER 1 2026-12-01 "))
        for section in ["ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"] {
            #expect(page.contains(".SH \(section)\n"))
        }
        #expect(
            page.contains("ROSTER_CLASS") && page.contains("ROSTER_SEED")
                && page.contains(".students.plist.history"))
        guard let mandoc = installedTool("mandoc") else { return }
        let sandbox = try RosterSandbox()
        let file = sandbox.folder.appendingPathComponent("roster.1")
        try Data(page.utf8).write(to: file)
        let lint = try RosterBinary.run(
            ["-T", "lint", "-W", "warning", file.path], environment: [:], executable: mandoc.path)
        #expect(lint.status == 0, "\(lint.output)\(lint.errorOutput)")
    }
}
