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
}

extension Subcommand {
    /// Commands do not ask, unless they say so.
    static var prompts: Bool { false }
}

/// A subcommand as the router keeps it: its name, its spec and its entry point.
///
/// The spec is made only when it is asked for, so running one command builds only its own spec.
struct SubcommandEntry: Sendable {
    let name: String
    let prompts: Bool
    let run: @Sendable (ParsedCommand, CommandContext) throws -> Void
    private let makeSpec: @Sendable () -> CommandSpec

    /// The command's arguments and options.
    var spec: CommandSpec { makeSpec() }

    init<Command: Subcommand>(_ command: Command.Type) {
        name = command.name
        makeSpec = { Command.spec }
        prompts = command.prompts
        run = { try Command.run($0, in: $1) }
    }
}
