import RosterKit

/// Days and lessons as the register commands read and write them.
enum AttendanceText {

    /// The day an option gives, or today; a weekend day gets a note unless it only bounds a range.
    ///
    /// - Throws: ``UsageError`` for text that is not a day or a day in the future.
    static func day(
        _ text: String?, label: String = "--date <day>", notingWeekend: Bool = true,
        today: SchoolDay = .today(),
        _ context: CommandContext
    ) throws -> SchoolDay {
        guard let text else {
            // Today's register on a Sunday is noted as one for a given Sunday is.
            if notingWeekend, today.isWeekend {
                context.errorOutput.write("Note: today, \(today), is a \(today.weekdayName).\n")
            }
            return today
        }
        guard let day = SchoolDay(spoken: text, today: today) else {
            throw UsageError.invalidValue(
                VisibleText.of(text), label: label,
                reason: "Give a day from 1900 to today: YYYY-MM-DD (such as \(SchoolDay.today())), "
                    + "today, yesterday or a weekday such as monday.")
        }
        if day.isAfterToday() {
            context.errorOutput.write(
                "Note: \(day) is after today here (\(SchoolDay.today())); it is that day already in time zones ahead.\n"
            )
        }
        if notingWeekend, day.isWeekend {
            context.errorOutput.write("Note: \(day) is a \(day.weekdayName).\n")
        }
        return day
    }

    /// The days `--from` and `--to` give, `--to` today when absent; refused when `--from` comes
    /// after `--to`. A `--to` planned ahead, such as the end of term, is read, and the report
    /// stops at today with a note, as no register is taken ahead.
    static func range(from: String, to: String?, _ context: CommandContext) throws -> (
        first: SchoolDay, last: SchoolDay
    ) {
        let first = try day(from, label: "--from <day>", notingWeekend: false, context)
        let today = SchoolDay.today()
        var last = today
        if let to, let planned = SchoolDay(planned: to, today: today), planned > today.adding(days: 1) {
            context.errorOutput.write(
                "Note: --to \(planned) is ahead; the report stops at today, \(today).\n")
        } else {
            last = try day(to, label: "--to <day>", notingWeekend: false, context)
        }
        guard first <= last else { throw UsageError.message("--from \(first) comes after --to \(last).") }
        return (first, last)
    }

    /// The lesson `--date` and `--lesson` name.
    static func lesson(_ options: LessonOptions, _ context: CommandContext) throws -> Lesson {
        let day = try self.day(options.date, context)
        guard let lesson = Lesson(day: day, name: options.lesson) else {
            throw UsageError.invalidValue(
                VisibleText.of(options.lesson ?? ""), label: "--lesson <lesson>",
                reason: "Name the lesson with up to \(Lesson.maximumNameLength) letters, digits or hyphens, "
                    + "such as 2 or maths.")
        }
        return lesson
    }

    /// The line `pick` and `groups` give when today's register leaves students out.
    static func noteLeftOut(_ students: [Student], _ context: CommandContext) {
        guard !students.isEmpty else { return }
        context.errorOutput.write(
            "Left out, absent today: \(NameList.joined(students.map { VisibleText.of($0.name) })).\n")
    }

    /// Tells what a marking did: who was marked, and whether it took the register.
    static func report(
        _ marking: AttendanceRegister.Marking, as mark: AttendanceMark, in lesson: Lesson,
        _ context: CommandContext
    ) {
        let names = NameList.joined(marking.students.map { VisibleText.of($0.name) })
        guard marking.changed else {
            context.output.write(
                "Already marked \(mark.rawValue) on \(lesson.spoken): \(names); nothing changed.\n")
            return
        }
        context.saved.record("\(names) marked \(mark.rawValue) on \(lesson.spoken)")
        context.output.write("Marked \(mark.rawValue) on \(lesson.spoken): \(names).\n")
        if marking.tookRegister {
            context.output.write("Took the register for \(lesson.spoken): everyone else present.\n")
        }
    }
}
