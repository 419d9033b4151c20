import RosterKit

/// `roster absent <student>... [--late] [--excused] [--reason <text>] [--date <day>] [--lesson <l>]`
enum AbsentCommand: Subcommand {
    static let name = "absent"
    static let spec = CommandSpec(
        name: name,
        abstract: "Mark students absent (or late) in a lesson's register, today's by default.",
        discussion: "The first mark of a lesson takes its register: everyone not named is present. "
            + "The register is kept in the roster file and 'roster undo' takes a mark back.",
        arguments: [
            ArgumentSpec(name: "student", help: "A student, by name, words or id.", isRepeated: true)
        ],
        options: [
            OptionSpec(name: "late", help: "Mark them late instead of absent."),
            OptionSpec(name: "excused", help: "Count the absence as authorised (illness, an appointment)."),
            OptionSpec(name: "reason", valueName: "text", help: "Why, kept with the mark."),
        ] + AttendanceText.lessonOptions)

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        if parsed.has("late") && parsed.has("excused") {
            throw UsageError.message("--late and --excused cannot be given together; choose one.")
        }
        let mark: AttendanceMark = parsed.has("late") ? .late : parsed.has("excused") ? .excused : .absent
        let reason = try parsed.values["reason"].flatMap {
            try StudentValidator.freeText($0, field: "reason")
        }
        let lesson = try AttendanceText.lesson(parsed, context)
        let marking = try AttendanceRegister.mark(
            parsed.positionals, as: AttendanceEntry(mark, reason: reason), in: lesson, at: context.fileURL,
            command: name)
        AttendanceText.report(marking, as: mark, in: lesson, context)
    }
}
