import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads one command's arguments the way swift-argument-parser does.
///
/// `--name value` and `--name=value` both work, the last value of a repeated option wins, and
/// `-h` or `--help` anywhere asks for help. `--` makes the words after it positional arguments,
/// so that a name may start with `-`; for a command with a set number of them (`add <name>`),
/// options are read again once those are given, so `add -- -Jo --age 11` works as
/// `add --age 11 -- -Jo` does.
struct CommandParser {
    let spec: CommandSpec

    /// Whether the words ask for help, which wins over any error in them.
    static func wantsHelp(_ words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
        }
        return false
    }

    /// Parses `words` into option values, flags and positional arguments.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, or a missing
    ///   or extra positional argument.
    func parse(_ words: [String], checkingRequired: Bool = true) throws -> ParsedCommand {
        var parsed = ParsedCommand()
        var index = 0
        var optionsEnded = false
        let takesAnyNumber = spec.arguments.contains(where: \.isRepeated)
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                if !takesAnyNumber && parsed.positionals.count >= spec.arguments.count {
                    optionsEnded = false
                }
            } else if word == "--" {
                optionsEnded = true
            } else {
                try readOption(word, from: words, at: &index, into: &parsed)
            }
        }
        try checkPositionals(parsed.positionals)
        if checkingRequired { try checkRequired(parsed) }
        return parsed
    }

    private func readOption(
        _ word: String, from words: [String], at index: inout Int, into parsed: inout ParsedCommand
    )
        throws
    {
        let (name, inlineValue) = split(word)
        guard let option = find(name) else {
            throw UsageError.unknownOption(name, suggestion: suggestion(for: name))
        }
        guard option.takesValue else {
            if let inlineValue { throw UsageError.flagWithValue(flag: option.label, value: inlineValue) }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < words.count, !isOptionLike(words[index]) {
            value = words[index]
            index += 1
        } else {
            throw UsageError.missingValue(label: option.label, help: option.help)
        }
        if !option.choices.isEmpty && !option.choices.contains(value) {
            let list = option.choices.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError.invalidValue(
                value, label: option.label, reason: "Please provide one of \(list).")
        }
        parsed.values[option.name] = value
        parsed.allValues[option.name, default: []].append(value)
    }

    private func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private func find(_ name: String) -> OptionSpec? {
        spec.allOptions.first { option in
            name == "--\(option.name)" || option.shortName.map { name == "-\($0)" } == true
        }
    }

    private func isOptionLike(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && !word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }

    private func suggestion(for name: String) -> String? {
        let candidates = spec.allOptions.map { "--\($0.name)" }
        return Suggestion.closest(to: name, among: candidates)
    }

    private func checkPositionals(_ positionals: [String]) throws {
        let accepts = spec.arguments.contains(where: \.isRepeated) ? Int.max : spec.arguments.count
        if positionals.count > accepts {
            throw UsageError.unexpectedArguments(Array(positionals.dropFirst(accepts)))
        }
    }

    private func checkRequired(_ parsed: ParsedCommand) throws {
        for (position, argument) in spec.arguments.enumerated()
        where !argument.isOptional && parsed.positionals.count <= position
            && !argument.replacedBy.contains(where: { parsed.values[$0] != nil })
        {
            throw UsageError.missingArgument(label: argument.label, help: argument.help)
        }
        for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
            throw UsageError.missingArgument(label: option.label, help: option.help)
        }
    }
}

/// What the parser read from the command line for one command.
struct ParsedCommand: Sendable {
    /// The last value given for each option, by long name.
    var values: [String: String] = [:]
    /// Every value given for each option, in order, for options that may be repeated
    /// (`--skip Ada --skip Alan`).
    var allValues: [String: [String]] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// The positional arguments, in order.
    var positionals: [String] = []

    /// `--file`, given after the subcommand.
    var file: String? { values["file"] }

    /// `--class`, given after the subcommand.
    var rosterClass: String? { values["class"] }

    /// `--color`, given after the subcommand.
    var color: String? { values["color"] }
}
