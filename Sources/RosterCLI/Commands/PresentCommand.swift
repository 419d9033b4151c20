import RosterKit

/// `roster present [<student>...] [--date <day>] [--lesson <l>]`
struct PresentCommand: Subcommand, TakesLesson {
    static let name = "present"
    static let abstract = "Take a lesson's register with everyone present, or mark students present in it."
    static let discussion: String? =
        "Without a student, takes the register of the lesson with everyone present. With "
        + "students, marks them present, taking the register first if it was not taken."
    static let fields: [CommandField<Self>] =
        [
            .arguments(
                ArgumentSpec(name: "student", help: "A student, by name, words or id.", isOptional: true),
                \.students)
        ] + LessonOptions.fields()

    var students: [String] = []
    var lessonOptions = LessonOptions()

    func run(in context: CommandContext) throws {
        let lesson = try AttendanceText.lesson(lessonOptions, context)
        let marking = try ClassroomIntents.markAttendance(
            students, as: AttendanceEntry(.present), in: lesson, at: context.fileURL, command: Self.name)
        guard students.isEmpty else {
            return AttendanceText.report(marking, as: .present, in: lesson, context)
        }
        if marking.tookRegister {
            context.saved.record("The register for \(lesson.spoken) was taken")
            context.output.write(
                "Took the register for \(lesson.spoken): everyone present.\n")
            noteEarlierAbsences(marking.presentAfterAbsence, on: lesson.day, context)
        } else {
            context.output.write(
                "The register for \(lesson.spoken) was already taken; nothing changed.\n")
        }
    }
}

extension PresentCommand {
    /// Names the students marked absent or excused in an earlier lesson of the day whom a
    /// register taken with everyone present now marks present, so that a teacher can check.
    private func noteEarlierAbsences(_ away: [Student], on day: SchoolDay, _ context: CommandContext) {
        guard !away.isEmpty else { return }
        let names = NameList.joined(away.map { VisibleText.of($0.name) })
        context.errorOutput.write(
            "Note: marked present now, though absent earlier on \(day): \(names); "
                + "'roster absent <student> --lesson …' marks them otherwise.\n")
    }
}
