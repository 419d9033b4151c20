import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options that may come before the subcommand: `roster --file x.plist --color never list`.
struct GlobalOptions {
    /// What the words before the subcommand asked for.
    enum Request: Equatable {
        /// Run the subcommand that starts at `index`, or show the overview when there is none.
        case subcommand(at: Int)
        case version
        case help
        case completionScript(shell: String)
        case manualPage
        /// The students' names for a completion script, given the words typed so far; for fish,
        /// spelled so that fish's own filter keeps them.
        case studentNames(typed: [String], matching: String?, forFish: Bool = false)
    }

    var file: String?
    var rosterClass: String?
    var color: String?

    /// Reads the options before the subcommand.
    ///
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    mutating func read(_ words: [String]) throws -> Request {
        var index = 0
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            let word = words[index]
            index += 1
            let (name, inline) = Self.split(word)
            func value(_ label: String) throws -> String {
                if let inline { return inline }
                guard index < words.count else {
                    let help = CommandSpec.commonOptions.first { $0.label == label }?.help
                    throw UsageError.missingValue(label: label, help: help ?? "The shell: bash, zsh or fish.")
                }
                index += 1
                return words[index - 1]
            }
            switch name {
            case "--version": return .version
            case "-h", "--help": return .help
            case "--generate-manual": return .manualPage
            case "--complete-students": return .studentNames(typed: Array(words[index...]), matching: nil)
            case "--complete-students-matching", "--complete-students-for-fish":
                let word = index < words.count ? words[index] : ""
                return .studentNames(
                    typed: Array(words.dropFirst(index + 1)), matching: word,
                    forFish: name == "--complete-students-for-fish")
            case "--file": file = try value("--file <file>")
            case "--class": rosterClass = try value("--class <name>")
            case "--color": color = try Self.checkedColor(value("--color <when>"))
            case "--generate-completion-script":
                let shell = try value("--generate-completion-script <shell>")
                guard CompletionScript.shells.contains(shell) else {
                    let list = CompletionScript.shells.map { "'\($0)'" }.joined(separator: ", ")
                    throw UsageError.invalidValue(
                        shell, label: "--generate-completion-script <shell>",
                        reason: "Please provide one of \(list).")
                }
                return .completionScript(shell: shell)
            default:
                let known =
                    CommandSpec.commonOptions.map { "--\($0.name)" } + ["--generate-completion-script"]
                throw UsageError.unknownOption(word, suggestion: Suggestion.closest(to: word, among: known))
            }
        }
        return .subcommand(at: index)
    }

    static func checkedColor(_ value: String) throws -> String {
        guard ["auto", "always", "never"].contains(value) else {
            throw UsageError.invalidValue(
                value, label: "--color <when>", reason: "Please provide one of 'auto', 'always', 'never'.")
        }
        return value
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
