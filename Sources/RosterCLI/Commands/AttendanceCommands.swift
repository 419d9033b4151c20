import RosterKit

/// `roster absent <student>... [--late] [--date <YYYY-MM-DD>]`
enum AbsentCommand: Subcommand {
    static let name = "absent"
    static let spec = CommandSpec(
        name: name,
        abstract: "Mark students absent (or late) in the register, today by default.",
        discussion: "The register is kept in the roster file and 'roster undo' takes a mark back.",
        arguments: [
            ArgumentSpec(name: "student", help: "A student, by name, words or id.", isRepeated: true)
        ],
        options: [
            OptionSpec(name: "late", help: "Mark them late instead of absent."),
            OptionSpec(name: "date", valueName: "YYYY-MM-DD", help: "The day. (default: today)"),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let mark: AttendanceMark = parsed.has("late") ? .late : .absent
        let day = try AttendanceText.day(parsed.values["date"])
        let students = try AttendanceRegister.mark(
            parsed.positionals, as: mark, on: day, at: context.fileURL, command: "absent")
        let names = students.map { VisibleText.of($0.name) }.joined(separator: ", ")
        context.saved.record("\(names) marked \(mark.rawValue) on \(day)")
        context.output.write("Marked \(mark.rawValue) on \(day): \(names).\n")
    }
}

/// `roster present <student>... [--date <YYYY-MM-DD>]`
enum PresentCommand: Subcommand {
    static let name = "present"
    static let spec = CommandSpec(
        name: name,
        abstract: "Clear students' absent or late mark in the register, today by default.",
        arguments: [
            ArgumentSpec(name: "student", help: "A student, by name, words or id.", isRepeated: true)
        ],
        options: [OptionSpec(name: "date", valueName: "YYYY-MM-DD", help: "The day. (default: today)")])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let day = try AttendanceText.day(parsed.values["date"])
        let students = try AttendanceRegister.mark(
            parsed.positionals, as: nil, on: day, at: context.fileURL, command: "present")
        let names = students.map { VisibleText.of($0.name) }.joined(separator: ", ")
        context.saved.record("\(names) marked present on \(day)")
        context.output.write("Marked present on \(day): \(names).\n")
    }
}

/// Dates as the register commands read them.
enum AttendanceText {
    /// The day an option gives, or today.
    ///
    /// - Throws: ``UsageError`` for text that is not a date or a date in the future.
    static func day(_ text: String?, label: String = "--date <YYYY-MM-DD>") throws -> SchoolDay {
        guard let text else { return SchoolDay.today() }
        guard let day = SchoolDay(text) else {
            throw UsageError.invalidValue(
                VisibleText.of(text), label: label,
                reason: "Give a date written YYYY-MM-DD, from 1900 to today, such as \(SchoolDay.today()).")
        }
        return day
    }
}
