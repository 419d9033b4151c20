import RosterKit

/// `roster remove <student> ...`
struct RemoveCommand: Subcommand {
    static let name = "remove"
    static let abstract = "Remove students from the roster."
    static let discussion: String? = "Removes all the students named, or none of them if one cannot be found."
    static let fields: [CommandField<Self>] = [
        .arguments(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.students)
    ]

    var students: [String] = []

    func run(in context: CommandContext) throws {
        let removed = try ClassroomIntents.remove(students, at: context.fileURL)
        let names = removed.map { VisibleText.of($0.name) }.joined(separator: ", ")
        context.saved.record("The removal of \(StudentText.count(removed.count)) (\(names)) was saved")
        context.output.write("Removed \(StudentText.count(removed.count)): \(names).\n")
    }
}
