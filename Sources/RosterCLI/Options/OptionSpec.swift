import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A named option, such as `--age <age>`, or a flag, such as `--reverse`.
struct OptionSpec: Sendable {
    /// The long name without dashes, such as `age`.
    let name: String
    /// The short name without its dash, such as `h`, if any.
    var shortName: Character? = nil
    /// The placeholder of the value, such as `age`; `nil` for a flag.
    var valueName: String? = nil
    /// One line of help.
    let help: String
    /// Whether the command cannot run without it.
    var isRequired = false
    /// The only values accepted, if the option is a choice.
    var choices: [String] = []
    /// The value used when the option is absent, shown in help.
    var defaultValue: String? = nil

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// How the option is written in errors and help: `--age <age>` or `--reverse`.
    var label: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// The label with the short name in front, as help lists it: `-h, --help`.
    var helpLabel: String {
        shortName.map { "-\($0), \(label)" } ?? label
    }
}
