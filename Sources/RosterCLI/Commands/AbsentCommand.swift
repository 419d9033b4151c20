import RosterKit

/// `roster absent <student>... [--late] [--excused] [--reason <text>] [--date <day>] [--lesson <l>]`
struct AbsentCommand: Subcommand, TakesLesson {
    static let name = "absent"
    static let abstract = "Mark students absent (or late) in a lesson's register, today's by default."
    static let discussion: String? =
        "The first mark of a lesson takes its register: everyone not named is present. "
        + "The register is kept in the roster file and 'roster undo' takes a mark back."
    static let fields: [CommandField<Self>] =
        [
            .arguments(ArgumentSpec(name: "student", help: "A student, by name, words or id."), \.students),
            .flag("late", \.late, help: "Mark them late instead of absent."),
            .flag("excused", \.excused, help: "Count the absence as authorised (illness, an appointment)."),
            .option("reason", \.reason, valueName: "text", help: "Why, kept with the mark.", parse: .text),
        ] + LessonOptions.fields()

    var students: [String] = []
    var late = false
    var excused = false
    var reason: String?
    var lessonOptions = LessonOptions()

    func validate() throws {
        if late && excused {
            throw UsageError.message("--late and --excused cannot be given together; choose one.")
        }
    }

    func run(in context: CommandContext) throws {
        let mark: AttendanceMark = late ? .late : excused ? .excused : .absent
        let reason = try reason.flatMap { try StudentValidator.freeText($0, field: "reason") }
        let lesson = try AttendanceText.lesson(lessonOptions, context)
        let marking = try ClassroomIntents.markAttendance(
            students, as: AttendanceEntry(mark, reason: reason), in: lesson, at: context.fileURL,
            command: Self.name)
        AttendanceText.report(marking, as: mark, in: lesson, context)
    }
}
