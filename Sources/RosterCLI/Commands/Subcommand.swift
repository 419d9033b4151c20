import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `roster` subcommand: what it accepts, and what it does with it.
protocol Subcommand: SendableMetatype {
    /// The word that names the command, as in `roster add`.
    static var name: String { get }

    /// The command's name, arguments and options, for the parser and the help.
    static var spec: CommandSpec { get }

    /// Runs the command, writing results to the context's output.
    ///
    /// - Throws: ``UsageError`` or `ValidationError` for input that cannot be used (exit 64), any
    ///   other error for a failure (exit 1).
    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws

    /// Whether the command asks at a terminal for missing arguments instead of failing.
    static var prompts: Bool { get }

    /// Whether the command may start a class that does not exist yet (`add`, `import`).
    static var createsClass: Bool { get }
}

extension Subcommand {
    /// Commands do not ask, unless they say so.
    static var prompts: Bool { false }

    /// Commands work on classes that exist, unless they say so.
    static var createsClass: Bool { false }
}
