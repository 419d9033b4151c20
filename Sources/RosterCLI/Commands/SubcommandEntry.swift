import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A subcommand as the router keeps it: its name, its spec and its entry point.
///
/// The spec is made only when it is asked for, so running one command builds only its own spec.
struct SubcommandEntry: Sendable {
    let name: String
    let prompts: Bool
    let createsClass: Bool
    let run: @Sendable (ParsedCommand, CommandContext) throws -> Void
    private let makeSpec: @Sendable () -> CommandSpec

    /// The command's arguments and options.
    var spec: CommandSpec { makeSpec() }

    init<Command: Subcommand>(_ command: Command.Type) {
        name = command.name
        makeSpec = { Command.spec }
        prompts = command.prompts
        createsClass = command.createsClass
        run = { parsed, context in
            let command = try Command.parse(parsed)
            try command.validate()
            try command.run(in: context)
        }
    }
}
