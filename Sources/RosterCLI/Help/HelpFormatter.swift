import RosterEngine

/// Renders help and usage text in swift-argument-parser's layout.
///
/// Sections are headed `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:` and `SUBCOMMANDS:` (one
/// heading a group, as `MARKBOOK SUBCOMMANDS:`); the tool's own help starts with `START HERE:`; entries
/// are indented two spaces with their descriptions at column 26, wrapped to the screen's width.
struct HelpFormatter {
    static let toolName = "roster"
    static let descriptionColumn = 26
    static let indent = "  "

    /// The width to wrap to.
    let width: Int

    /// The `USAGE:` line's content for a command: `roster add <name> --age <age> [--grade <grade>]`.
    static func usage(for spec: CommandSpec) -> String {
        var parts = ["\(toolName) \(spec.name)"]
        for argument in spec.arguments {
            parts.append(argument.isOptional ? "[\(argument.label)]" : argument.label)
        }
        for option in spec.options {
            parts.append(option.isRequired ? option.label : "[\(option.label)]")
        }
        return parts.joined(separator: " ")
    }

    /// The usage of the tool itself.
    static let rootUsage = "\(toolName) [--file <file> | --class <name>] <subcommand>"

    /// The options that print what roster is made of rather than run a command: the manual page
    /// and the completion scripts, as swift-argument-parser's tools have them.
    static let generators: [(label: String, help: String)] = [
        ("--generate-manual", "Print the roster(1) manual page, in roff."),
        (
            "--generate-completion-script <shell>",
            "Print the completion script for a shell: bash, zsh or fish."
        ),
    ]

    /// The full help of one command.
    func help(for spec: CommandSpec) -> String {
        var text = wrap("OVERVIEW: " + spec.abstract, indent: 0) + "\n"
        if let discussion = spec.discussion {
            text +=
                "\n"
                + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0) }.joined(separator: "\n") + "\n"
        }
        text += "\nUSAGE: " + Self.usage(for: spec) + "\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + spec.arguments.map { entry($0.label, $0.help) }.joined()
        }
        text += "\nOPTIONS:\n" + spec.allOptions.map { entry($0.helpLabel, describe($0)) }.joined()
        return text
    }

    /// The help of the tool: a place to start, then its subcommands in their groups.
    func rootHelp(abstract: String, groups: [(heading: String, commands: [CommandSpec])]) -> String {
        var text = wrap("OVERVIEW: " + abstract, indent: 0) + "\n"
        text += "\nUSAGE: " + Self.rootUsage + "\n"
        text += "\nSTART HERE:\n" + Self.startHere.map { entry($0.command, $0.says) }.joined()
        text += "\nOPTIONS:\n" + CommandSpec.commonOptions.map { entry($0.helpLabel, describe($0)) }.joined()
        for (heading, commands) in groups {
            text += "\n" + (heading.isEmpty ? "" : heading + " ") + "SUBCOMMANDS:\n"
            text += commands.map { entry($0.name, $0.abstract) }.joined()
        }
        text += entry("help", "Show this help, or a subcommand's: roster help <subcommand>.")
        text += "\nGENERATORS:\n" + Self.generators.map { entry($0.label, $0.help) }.joined()
        text += "\n  See '\(Self.toolName) help <subcommand>' for detailed help.\n"
        return text
    }

    /// Three commands to a first lesson, as the root help starts.
    static let startHere: [(command: String, says: String)] = [
        (
            "roster import class.csv",
            "Bring in the class from a spreadsheet's CSV (or add one student: roster add \"Ada Lovelace\" --age 12)."
        ),
        ("roster register --take", "Take today's register, calling each name in turn."),
        ("roster pick", "Pick a student to answer: nobody twice until everyone has had a turn."),
    ]

    private func describe(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if let defaultValue = option.defaultValue { notes.append("default: \(defaultValue)") }
        return notes.isEmpty ? option.help : option.help + " (\(notes.joined(separator: "; ")))"
    }

    private func entry(_ label: String, _ description: String) -> String {
        let padded = Self.indent + label
        let body = wrap(description, indent: Self.descriptionColumn)
        if padded.count + 2 <= Self.descriptionColumn {
            return padded + String(repeating: " ", count: Self.descriptionColumn - padded.count) + body + "\n"
        }
        return padded + "\n" + String(repeating: " ", count: Self.descriptionColumn) + body + "\n"
    }

    /// Wraps `text` at word boundaries; lines after the first are indented by `indent` spaces.
    func wrap(_ text: String, indent: Int) -> String {
        WordWrap.wrapped(
            text, width: max(width, indent + 10), indent: indent, start: indent, keepsIndent: true)
    }
}
