import RosterKit

/// `roster redo`
struct RedoCommand: Subcommand {
    static let name = "redo"
    static let abstract = "Make the last undone change again."
    static let discussion: String? =
        "Works until the next change: a new change drops the changes that could be redone."

    func run(in context: CommandContext) throws {
        let change = try StorageHandler.redo(at: context.fileURL)
        context.saved.record("The \(change.command) was made again")
        context.output.write(ChangeText.redone(change))
    }
}
