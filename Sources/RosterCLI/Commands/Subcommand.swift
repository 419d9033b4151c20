import RosterKit

/// A `roster` subcommand: the options it declares, the rules between them, and what it does.
///
/// A command is a struct whose properties are its options' typed values. Its ``fields`` say
/// once how each is written on the command line; ``parse(_:)`` fills a new command from what the
/// parser read, ``validate()`` states every rule between the options before anything is read,
/// and ``run(in:)`` reads the properties only.
protocol Subcommand: SendableMetatype {
    /// The word that names the command, as in `roster add`.
    static var name: String { get }

    /// One line that says what the command does.
    static var abstract: String { get }

    /// More explanation shown in the command's own help.
    static var discussion: String? { get }

    /// The command's options, flags and positional arguments.
    static var fields: [CommandField<Self>] { get }

    /// Whether the command asks at a terminal for missing arguments instead of failing.
    static var prompts: Bool { get }

    /// Whether the command may start a class that does not exist yet (`add`, `import`).
    static var createsClass: Bool { get }

    /// Whether the command works on one roster, which `--file` and `--class` name; `classes`
    /// works on the classes folder, and refuses both.
    static var usesRoster: Bool { get }

    /// A command with every option at its default, before parsing.
    init()

    /// Refuses options that contradict each other or would be ignored, before anything is read.
    ///
    /// - Throws: ``UsageError`` (exit 64) naming the options.
    func validate() throws

    /// Runs the command, writing results to the context's output.
    ///
    /// - Throws: ``UsageError`` or `ValidationError` for input that cannot be used (exit 64), any
    ///   other error for a failure (exit 1).
    func run(in context: CommandContext) throws
}

extension Subcommand {
    static var discussion: String? { nil }
    static var fields: [CommandField<Self>] { [] }
    static var prompts: Bool { false }
    static var createsClass: Bool { false }
    static var usesRoster: Bool { true }
    func validate() throws {}

    /// The command's name, arguments and options, for the parser and the help.
    static var spec: CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion, arguments: fields.compactMap(\.argument),
            options: fields.compactMap(\.option))
    }

    /// The command with the values the parser read: each field converted into its property.
    ///
    /// - Throws: ``UsageError`` for a value that cannot be converted.
    static func parse(_ parsed: ParsedCommand) throws -> Self {
        var command = Self()
        for field in fields {
            switch field.kind {
            case .option(let option):
                let words =
                    option.takesValue
                    ? parsed.allValues[option.name] ?? [] : parsed.flags.contains(option.name) ? [""] : []
                try field.store(&command, words)
            case .argument(let argument, let position):
                let rest = Array(parsed.positionals.dropFirst(position))
                try field.store(&command, argument.isRepeated ? rest : Array(rest.prefix(1)))
            }
        }
        return command
    }
}

/// A subcommand as the router keeps it: its name, its spec and its entry point.
///
/// The spec is made only when it is asked for, so running one command builds only its own spec.
struct SubcommandEntry: Sendable {
    let name: String
    let prompts: Bool
    let createsClass: Bool
    let usesRoster: Bool
    let run: @Sendable (ParsedCommand, CommandContext) throws -> Void
    private let makeSpec: @Sendable () -> CommandSpec

    /// The command's arguments and options.
    var spec: CommandSpec { makeSpec() }

    init<Command: Subcommand>(_ command: Command.Type) {
        name = command.name
        makeSpec = { Command.spec }
        prompts = command.prompts
        createsClass = command.createsClass
        usesRoster = command.usesRoster
        run = { parsed, context in
            let command = try Command.parse(parsed)
            try command.validate()
            try command.run(in: context)
        }
    }
}
