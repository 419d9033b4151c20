import Foundation
import RosterKit

/// One run of the tool: routes the words to a subcommand and turns errors into exit codes.
struct Invocation {
    let environment: [String: String]
    let input: LineInput
    let output: TextOutput
    let errorOutput: TextOutput

    private var help: HelpFormatter {
        let columns = environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return HelpFormatter(width: columns > 0 ? columns : 80)
    }

    func run(_ words: [String]) -> Int32 {
        var globalFile: String?
        var index = 0
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            let word = words[index]
            index += 1
            switch word {
            case "--version":
                output.write(CommandLineTool.version + "\n")
                return 0
            case "-h", "--help":
                return showRootHelp()
            case "--file":
                guard index < words.count else {
                    return report(
                        UsageError.missingValue(label: "--file <file>", help: "The roster file."), for: nil)
                }
                globalFile = words[index]
                index += 1
            case _ where word.hasPrefix("--file="):
                globalFile = String(word.dropFirst("--file=".count))
            default:
                let known = CommandSpec.commonOptions.map { "--\($0.name)" }
                return report(
                    UsageError.unknownOption(word, suggestion: Suggestion.closest(to: word, among: known)),
                    for: nil)
            }
        }
        guard index < words.count else { return showRootHelp() }
        let name = words[index]
        let rest = Array(words[(index + 1)...])
        if name == "help" { return showHelp(for: rest) }
        guard let command = CommandLineTool.subcommand(named: name) else {
            let names = CommandLineTool.subcommandNames + ["help"]
            return report(
                UsageError.unknownSubcommand(name, suggestion: Suggestion.closest(to: name, among: names)),
                for: nil)
        }
        return run(command, rest, globalFile: globalFile)
    }

    private func run(_ command: SubcommandEntry, _ words: [String], globalFile: String?) -> Int32 {
        if CommandParser.wantsHelp(words) {
            output.write(help.help(for: command.spec))
            return 0
        }
        if words.prefix(while: { $0 != "--" }).contains("--version") {
            output.write(CommandLineTool.version + "\n")
            return 0
        }
        do {
            let parsed = try CommandParser(spec: command.spec).parse(words)
            let file = try RosterFileLocation.resolve(
                option: parsed.values["file"] ?? globalFile, environment: environment)
            let context = CommandContext(
                fileURL: file, environment: environment, input: input, output: output,
                errorOutput: errorOutput)
            try command.run(parsed, context)
            return 0
        } catch {
            return report(error, for: command.spec)
        }
    }

    private func showRootHelp() -> Int32 {
        output.write(
            help.rootHelp(
                abstract: CommandLineTool.abstract, subcommands: CommandLineTool.subcommands.map { $0.spec }))
        return 0
    }

    private func showHelp(for words: [String]) -> Int32 {
        guard let name = words.first else { return showRootHelp() }
        guard let command = CommandLineTool.subcommand(named: name) else {
            let names = CommandLineTool.subcommandNames
            return report(
                UsageError.unknownSubcommand(name, suggestion: Suggestion.closest(to: name, among: names)),
                for: nil)
        }
        output.write(help.help(for: command.spec))
        return 0
    }

    /// Writes the error as swift-argument-parser would and returns the exit code.
    private func report(_ error: any Error, for spec: CommandSpec?) -> Int32 {
        switch error {
        case let usage as UsageError:
            return reportUsage(usage.description, helpLine: usage.helpLine, for: spec)
        case let validation as ValidationError:
            return reportUsage(validation.description, helpLine: nil, for: spec)
        default:
            errorOutput.write("Error: \(error)\n")
            return 1
        }
    }

    private func reportUsage(_ message: String, helpLine: String?, for spec: CommandSpec?) -> Int32 {
        var text = "Error: \(message)\n"
        if let helpLine { text += "Help:  \(helpLine)\n" }
        if let spec {
            text += "Usage: \(HelpFormatter.usage(for: spec))\n"
            text += "  See '\(HelpFormatter.toolName) \(spec.name) --help' for more information.\n"
        } else {
            text += "Usage: \(HelpFormatter.rootUsage)\n"
            text += "  See '\(HelpFormatter.toolName) --help' for more information.\n"
        }
        errorOutput.write(text)
        return 64
    }
}
