import RosterKit

/// `roster redo`
enum RedoCommand: Subcommand {
    static let name = "redo"
    static let spec = CommandSpec(
        name: name,
        abstract: "Make the last undone change again.",
        discussion: "Works until the next change: a new change drops the changes that could be redone.")

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let change = try StorageHandler.redo(at: context.fileURL)
        context.saved.record("The \(change.command) was made again")
        context.output.write(ChangeText.redone(change))
    }
}
