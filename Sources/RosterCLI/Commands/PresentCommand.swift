import RosterKit

/// `roster present [<student>...] [--date <day>] [--lesson <l>]`
enum PresentCommand: Subcommand {
    static let name = "present"
    static let spec = CommandSpec(
        name: name,
        abstract: "Take a lesson's register with everyone present, or mark students present in it.",
        discussion: "Without a student, takes the register of the lesson with everyone present. With "
            + "students, marks them present, taking the register first if it was not taken.",
        arguments: [
            ArgumentSpec(
                name: "student", help: "A student, by name, words or id.", isRepeated: true, isOptional: true)
        ],
        options: AttendanceText.lessonOptions)

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let lesson = try AttendanceText.lesson(parsed, context)
        let marking = try AttendanceRegister.mark(
            parsed.positionals, as: AttendanceEntry(.present), in: lesson, at: context.fileURL, command: name)
        guard parsed.positionals.isEmpty else {
            return AttendanceText.report(marking, as: .present, in: lesson, context)
        }
        if marking.tookRegister {
            context.saved.record("The register for \(AttendanceText.describe(lesson)) was taken")
            context.output.write(
                "Took the register for \(AttendanceText.describe(lesson)): everyone present.\n")
        } else {
            context.output.write(
                "The register for \(AttendanceText.describe(lesson)) was already taken; nothing changed.\n")
        }
    }
}
