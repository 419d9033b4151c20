import RosterKit

/// `roster leave <student> ... [--date <day>]`
struct LeaveCommand: Subcommand {
    static let name = "leave"
    static let abstract = "Record that students left the class, keeping their marks."
    static let discussion: String? =
        "A leaver stays in the file with the day they left: they are in the register of every lesson "
        + "they were on the roll for, in show, list --left and exports, but no longer listed, picked, "
        + "grouped, seated or called. 'roster rejoin' brings one back."
    static let fields: [CommandField<Self>] = [
        .arguments(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.students),
        .day(\.date, "The day they left"),
    ]

    var students: [String] = []
    var date: String?

    func run(in context: CommandContext) throws {
        let day = try AttendanceText.day(date, notingWeekend: false, context)
        let leavers = try ClassroomIntents.leave(students, on: day, at: context.fileURL)
        let names = NameList.joined(leavers.map { VisibleText.of($0.name) })
        context.saved.record("\(names) leaving on \(day)")
        context.output.write("Left the class on \(day): \(names).\n")
    }
}
