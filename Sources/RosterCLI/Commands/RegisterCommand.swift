import RosterKit

/// `roster register [--date <day>] [--from <day> [--to <day>]] [--week [<day>]] [--take] …`
enum RegisterCommand: Subcommand {
    static let name = "register"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show a day's register, each student's attendance over a range, or a week's grid.",
        discussion:
            "Alone: for each lesson of the day, who was absent, excused or late and how many were present. "
            + "With --from (and --to, today by default): each student's lessons, marks and attendance rate, "
            + "counted over the lessons taken since they joined. With --week: students by the school days "
            + "of the week, one column a lesson: . present, A absent, E excused, L late, blank where none "
            + "was taken. --take calls the roll at a terminal.",
        arguments: [
            ArgumentSpec(
                name: "day", help: "The day whose week --week shows. (default: today)", isOptional: true)
        ],
        options: AttendanceText.lessonOptions + [
            OptionSpec(name: "from", valueName: "day", help: "The first day of a range."),
            OptionSpec(name: "to", valueName: "day", help: "The last day of a range. (default: today)"),
            OptionSpec(name: "week", help: "Show the week holding the day as a grid."),
            OptionSpec(
                name: "sort", valueName: "field", help: "The order of a range's students.",
                choices: ["name", "absences", "rate"], defaultValue: "name"),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the register.",
                choices: ["table", "json", "csv", "html"], defaultValue: "table"),
            PageOutput.option,
            OptionSpec(name: "take", help: "Call the roll at a terminal and record it."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        try checkCombination(parsed)
        let format = parsed.values["format"] ?? "table"
        try PageOutput.check(parsed, isHTML: format == "html")
        let title = context.rosterDescription
        let page = { (html: String) in try PageOutput.write(html, about: "the register", parsed, context) }
        if parsed.has("take") { return try RollCall.take(AttendanceText.lesson(parsed, context), context) }
        if parsed.has("week") {
            let day = try AttendanceText.day(
                parsed.positionals.first ?? parsed.values["date"], notingWeekend: false, context)
            let students = byName(try context.loadedStudents())
            if format == "html" { return try page(RegisterPage.week(of: day, students, title: title)) }
            return context.output.write(
                try RegisterReport.week(of: day, students, format: format, width: context.width))
        }
        if let from = parsed.values["from"] {
            let first = try AttendanceText.day(from, label: "--from <day>", notingWeekend: false, context)
            let last = try AttendanceText.day(
                parsed.values["to"], label: "--to <day>", notingWeekend: false, context)
            guard first <= last else { throw UsageError.message("--from \(first) comes after --to \(last).") }
            let rows = sorted(
                AttendanceRegister.summary(of: try context.loadedStudents(), from: first, to: last),
                by: parsed.values["sort"])
            if format == "html" {
                return try page(RegisterPage.range(rows, from: first, to: last, title: title))
            }
            return context.output.write(try RegisterReport.range(rows, format: format, width: context.width))
        }
        let day = try AttendanceText.day(parsed.values["date"], context)
        let students = try context.loadedStudents()
        var lessons = AttendanceRegister.lessons(on: day, in: students)
        if let name = parsed.values["lesson"] { lessons = lessons.filter { $0.name == name.lowercased() } }
        if format == "html" {
            return try page(RegisterPage.day(day, lessons: lessons, students, title: title))
        }
        context.output.write(try RegisterReport.day(day, lessons: lessons, students, format: format))
    }

    /// Refuses options that contradict each other, before anything is read.
    private static func checkCombination(_ parsed: ParsedCommand) throws {
        let given = ["from", "to", "week", "take", "date"].filter {
            parsed.has($0) || parsed.values[$0] != nil
        }
        if parsed.values["to"] != nil && parsed.values["from"] == nil {
            throw UsageError.message("--to needs --from: give the range's first day with --from <day>.")
        }
        if parsed.values["from"] != nil && parsed.values["date"] != nil {
            throw UsageError.message(
                "--date and --from cannot be given together; use --from and --to for a range.")
        }
        if parsed.has("take"), parsed.values["format"] != nil || parsed.values["output"] != nil {
            throw UsageError.message(
                "--take calls the roll at a terminal and prints no report; drop --format and --output.")
        }
        let modes = ["from", "week", "take"].filter { given.contains($0) }
        if modes.count > 1 {
            throw UsageError.message("--\(modes[0]) and --\(modes[1]) cannot be given together; choose one.")
        }
        if !parsed.positionals.isEmpty && !parsed.has("week") {
            throw UsageError.message("A day alone is for --week; give a day's register with --date <day>.")
        }
        if !parsed.positionals.isEmpty && parsed.values["date"] != nil {
            throw UsageError.message("Give the week's day once: either after --week or with --date.")
        }
    }

    /// Students in name order, as a listing shows them.
    static func byName(_ students: [Student]) -> [Student] {
        RosterSorter.sorted(students, by: .name, reversed: false)
    }

    /// The rows in the order `--sort` asks for, ties (and `name`) in name order.
    private static func sorted(_ rows: [AttendanceRegister.Summary], by field: String?)
        -> [AttendanceRegister.Summary]
    {
        var rank = [Int](repeating: 0, count: rows.count)
        let order = RosterSorter.sortedIndices(rows.map(\.student), by: .name, reversed: false)
        for (place, index) in order.enumerated() { rank[index] = place }
        return rows.indices.sorted { first, second in
            let (one, two) = (rows[first], rows[second])
            let (oneMissed, twoMissed) = (one.absent + one.excused, two.absent + two.excused)
            switch field {
            case "absences" where oneMissed != twoMissed: return oneMissed > twoMissed
            case "rate" where one.rate != two.rate: return (one.rate ?? 2) < (two.rate ?? 2)
            default: return rank[first] < rank[second]
            }
        }.map { rows[$0] }
    }
}
