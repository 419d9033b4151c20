import RosterKit

/// `roster undo`
struct UndoCommand: Subcommand {
    static let name = "undo"
    static let abstract = "Take back the last change, one more each time, up to 100 changes."
    static let discussion: String? =
        "'roster redo' makes an undone change again, until the next change. 'roster history' lists the "
        + "changes kept. Undo also works when the roster file is damaged."

    func run(in context: CommandContext) throws {
        // Goes to StorageHandler directly: undo must work even when the current file cannot be read.
        let change = try StorageHandler.undo(at: context.fileURL)
        context.saved.record("The \(change.command) was undone")
        context.output.write(ChangeText.undone(change))
    }
}
