import RosterKit

/// `roster rejoin <student> ...`
struct RejoinCommand: Subcommand {
    static let name = "rejoin"
    static let abstract = "Bring students who left back into the class."
    static let discussion: String? = "They keep their marks and are on the roll again from today."
    static let fields: [CommandField<Self>] = [
        .arguments(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.students)
    ]

    var students: [String] = []

    func run(in context: CommandContext) throws {
        let back = try ClassroomIntents.rejoin(students, at: context.fileURL)
        let names = NameList.joined(back.map { VisibleText.of($0.name) })
        context.saved.record("\(names) rejoining")
        context.output.write("Back in the class: \(names).\n")
    }
}
