import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
