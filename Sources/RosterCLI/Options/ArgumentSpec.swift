import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A positional argument, such as `<name>` or `<student> ...`.
struct ArgumentSpec: Sendable {
    /// The placeholder, such as `name`.
    let name: String
    /// One line of help.
    let help: String
    /// Whether it takes one or more values.
    var isRepeated = false
    /// Whether the command can run without it.
    var isOptional = false
    /// Options that stand in for it: given any of them, it may be left out.
    var replacedBy: [String] = []

    /// How the argument is written in errors and help: `<name>` or `<student> ...`.
    var label: String { isRepeated ? "<\(name)> ..." : "<\(name)>" }
}

extension ArgumentSpec {
    /// The help of an argument that names a student, the same for every command.
    static let studentHelp =
        "A name or its words (a first name will do), a full id, or an id prefix of 4 or more characters."
}
