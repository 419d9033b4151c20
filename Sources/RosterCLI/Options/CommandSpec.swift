import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the parser and the help need to know about one command.
struct CommandSpec: Sendable {
    /// The command's name as typed, such as `add`.
    let name: String
    /// One line that says what the command does.
    let abstract: String
    /// More explanation shown in the command's own help.
    var discussion: String? = nil
    /// The positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// The command's own options and flags.
    var options: [OptionSpec] = []

    /// The options and flags every command accepts, after the command's own ones.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(
            name: "file", valueName: "file",
            help: "The roster file. (default: $ROSTER_FILE, else ~/Documents/students.plist)"),
        OptionSpec(
            name: "class", valueName: "name",
            help:
                "The class whose roster to use, ignoring case: ~/Documents/Classes/<name>.plist; only add and "
                + "import start a new one. (default: $ROSTER_CLASS)"),
        OptionSpec(
            name: "color", valueName: "when", help: "Whether to use colour.",
            choices: ["auto", "always", "never"],
            defaultValue: "auto"),
        OptionSpec(name: "version", help: "Show the version."),
        OptionSpec(name: "help", shortName: "h", help: "Show help information."),
    ]

    /// The command's options followed by the common ones.
    var allOptions: [OptionSpec] { options + Self.commonOptions }
}
