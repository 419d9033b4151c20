import RosterKit

/// `roster delete-all [--yes]`
struct DeleteAllCommand: Subcommand {
    static let name = "delete-all"
    static let abstract = "Delete every student on the roster."
    static let discussion: String? =
        "Asks for confirmation at a terminal; elsewhere it needs --yes. 'roster undo' brings the roster back."
    static let fields: [CommandField<Self>] = [.flag("yes", \.yes, help: "Delete without asking.")]

    var yes = false

    func run(in context: CommandContext) throws {
        let students = try context.loadedStudents()
        guard !students.isEmpty else {
            context.output.write("The roster is already empty.\n")
            return
        }
        let count = StudentText.count(students.count)
        if !yes {
            guard context.input.isTerminal else {
                throw UsageError.message(
                    "delete-all needs --yes to confirm when it is not run at a terminal.")
            }
            guard context.confirm("Delete all \(count) in \(context.fileURL.path)?") else {
                context.output.write("Nothing was deleted.\n")
                return
            }
        }
        try StorageHandler.deleteAll(at: context.fileURL)
        context.saved.record("The roster was emptied of \(count)")
        context.output.write("Deleted \(count). Run 'roster undo' to bring them back.\n")
    }
}
