import RosterKit

/// `roster delete-all [--yes]`
enum DeleteAllCommand: Subcommand {
    static let name = "delete-all"
    static let spec = CommandSpec(
        name: name,
        abstract: "Delete every student on the roster.",
        discussion:
            "Asks for confirmation at a terminal; elsewhere it needs --yes. 'roster undo' brings the roster back.",
        options: [OptionSpec(name: "yes", help: "Delete without asking.")])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let students = try context.loadedStudents()
        guard !students.isEmpty else {
            context.output.write("The roster is already empty.\n")
            return
        }
        let count = StudentText.count(students.count)
        if !parsed.has("yes") {
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
