import RosterKit

/// `roster undo`
enum UndoCommand: Subcommand {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Put back the roster as it was before the last change.",
        discussion:
            "Undoing twice returns to where you started. Undo also works when the roster file is damaged.")

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        // Goes to StorageHandler directly: undo must work even when the current file cannot be read.
        let restored = try StorageHandler.undo(at: context.fileURL)
        context.output.write(
            "Restored the roster as it was before the last change: \(StudentText.count(restored.count)).\n")
    }
}
