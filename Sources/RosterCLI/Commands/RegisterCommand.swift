import RosterKit

/// `roster register [--date <day>] [--from <day> [--to <day>]] [--week [<day>]] [--take] …`
struct RegisterCommand: Subcommand, TakesLesson {
    static let name = "register"
    static let abstract = "Show a day's register, each student's attendance over a range, or a week's grid."
    static let discussion: String? =
        "Alone: for each lesson of the day, who was absent, excused or late and how many were present. "
        + "With --from (and --to, today by default): each student's lessons, marks and attendance rate, "
        + "counted over the lessons taken while they were on the roll (from the day they joined to the "
        + "day before they left). With --week: students by the school days of the week, one column a "
        + "lesson: . present, A absent, E excused, L late, - a mark kept from a day off the roll (not "
        + "counted), blank where none was taken. --take calls the roll at a terminal."
    static let fields: [CommandField<Self>] =
        [
            .argument(
                ArgumentSpec(
                    name: "day", help: "The day whose week --week shows. (default: today)", isOptional: true),
                \.weekDay)
        ] + LessonOptions.fields()
        + [
            .option("from", \.from, valueName: "day", help: "The first day of a range.", parse: .text),
            .option(
                "to", \.to, valueName: "day", help: "The last day of a range. (default: today)", parse: .text),
            .flag("week", \.week, help: "Show the week holding the day as a grid."),
            .option(
                "sort", \.sort, valueName: "field",
                help: "The order of the students: by name or surname, and a range's by absences or rate too.",
                parse: .choice(default: .name)),
            .format(\.format, [.table, .json, .csv, .html], help: "How to print the register."),
            .flag(
                "bom", \.bom,
                help: "Start a range's CSV with a UTF-8 byte order mark, so Excel shows accented names right."
            ),
            .option(
                "delimiter", \.delimiter, valueName: "delimiter",
                help: "What separates a range's CSV fields; semicolon also writes decimal commas.",
                parse: .choice(default: .comma)),
            ReportOutput.field(\.output),
            .flag("take", \.take, help: "Call the roll at a terminal and record it."),
            .option(
                "delete", \.delete, valueName: "lesson",
                help:
                    "Delete a register taken by mistake, with every mark in it: a day (YYYY-MM-DD, yesterday, "
                    + "a weekday) or a day's lesson such as 2026-11-30/2.",
                parse: .text),
        ]

    /// The orders `--sort` gives a range's students.
    enum Order: String, CaseIterable, Sendable { case name, surname, absences, rate }

    var weekDay: String?
    var lessonOptions = LessonOptions()
    var from: String?
    var to: String?
    var week = false
    var sort: Order?
    var format: OutputFormat?
    var output: String?
    var take = false
    var bom = false
    var delimiter: CSVRosterWriter.Delimiter?
    var delete: String?

    func run(in context: CommandContext) throws {
        let format = format ?? .table
        let title = context.rosterTitle
        let page = { (html: String) in
            try ReportOutput.write(html, about: "the register", to: output, context)
        }
        if take {
            return try RollCall.take(AttendanceText.lesson(lessonOptions, context), by: nameOrder, context)
        }
        if let delete { return try deleteLesson(delete, context) }
        if week {
            let day = try AttendanceText.day(weekDay ?? lessonOptions.date, notingWeekend: false, context)
            let students = RosterSorter.sorted(try context.loadedStudents(), by: nameOrder, reversed: false)
            if format == .html { return try page(RegisterPage.week(of: day, students, title: title)) }
            return try ReportOutput.write(
                try RegisterReport.week(
                    of: day, students, format: format, width: context.width),
                about: "the week's register", to: output, context)
        }
        if let from {
            let (first, last) = try AttendanceText.range(from: from, to: to, context)
            let rows = Self.sorted(
                AttendanceRegister.summary(of: try context.loadedStudents(), from: first, to: last),
                by: sort ?? .name)
            if format == .html {
                return try page(RegisterPage.range(rows, from: first, to: last, title: title))
            }
            let report = try RegisterReport.range(
                rows, format: format, width: context.width, delimiter: delimiter ?? .comma)
            return try ReportOutput.write(
                (bom ? "\u{FEFF}" : "") + report, about: "the term report", to: output, context)
        }
        let day = try AttendanceText.day(lessonOptions.date, context)
        let students = RosterSorter.sorted(try context.loadedStudents(), by: nameOrder, reversed: false)
        var lessons = AttendanceRegister.lessons(on: day, in: students)
        if let name = lessonOptions.lesson { lessons = lessons.filter { $0.name == name.lowercased() } }
        if format == .html {
            return try page(RegisterPage.day(day, lessons: lessons, students, title: title))
        }
        try ReportOutput.write(
            try RegisterReport.day(
                day, lessons: lessons, students, format: format,
                width: ReportOutput.wrapWidth(for: output, context)),
            about: "the register", to: output, context)
        // The watch list as it is today, of the students on the day's register alone: a school's
        // roster is large, and a leaver needs no word.
        if format == .table, !lessons.isEmpty {
            let book = try StorageHandler.markbook(from: context.fileURL) ?? Markbook()
            let there = students.filter { student in lessons.contains { student.attendance[$0] != nil } }
            let note = WatchReport.registerNote(WatchList.entries(there, markbook: book))
            if let note { context.errorOutput.write(note) }
        }
    }

    /// Refuses options that contradict each other or that the chosen report would ignore, before
    /// anything is read.
    func validate() throws {
        if delete != nil,
            from != nil || week || take || sort != nil || format != nil || output != nil
                || lessonOptions.date != nil || lessonOptions.lesson != nil || weekDay != nil
        {
            throw UsageError.message(
                "--delete names the lesson itself, such as 2026-11-30/2; give it alone.")
        }
        try ReportOutput.check(output, format: format ?? .table)
        if to != nil && from == nil {
            throw UsageError.message("--to needs --from: give the range's first day with --from <day>.")
        }
        if from != nil && lessonOptions.date != nil {
            throw UsageError.message(
                "--date and --from cannot be given together; use --from and --to for a range.")
        }
        if take, format != nil || output != nil {
            throw UsageError.message(
                "--take calls the roll at a terminal and prints no report; drop --format and --output.")
        }
        let modes = [("from", from != nil), ("week", week), ("take", take)].filter(\.1).map(\.0)
        if modes.count > 1 {
            throw UsageError.message("--\(modes[0]) and --\(modes[1]) cannot be given together; choose one.")
        }
        if weekDay != nil && !week {
            throw UsageError.message("A day alone is for --week; give a day's register with --date <day>.")
        }
        if weekDay != nil && lessonOptions.date != nil {
            throw UsageError.message("Give the week's day once: either after --week or with --date.")
        }
        if let sort, sort == .absences || sort == .rate, from == nil {
            throw UsageError.message(
                "--sort \(sort.rawValue) orders a range's students; give --from <day>, or sort by name or surname."
            )
        }
        if bom || delimiter != nil, from == nil || format != .csv {
            let option = bom ? "--bom" : "--delimiter"
            throw UsageError.message(
                "\(option) is for a range's CSV, the office's term report; add --from <day> and --format csv, "
                    + "or drop \(option).")
        }
        if lessonOptions.lesson != nil, from != nil || week {
            let mode = week ? "--week" : "--from"
            throw UsageError.message(
                "--lesson picks one lesson of a day; \(mode) shows every lesson. Drop --lesson, or \(mode).")
        }
    }

    /// The order of the students' names: by surname when `--sort surname` asks, else by name.
    private var nameOrder: SortField { sort == .surname ? .surname : .name }

    /// The rows in the order `--sort` asks for, ties (and `name`) in name order.
    private static func sorted(_ rows: [AttendanceRegister.Summary], by field: Order)
        -> [AttendanceRegister.Summary]
    {
        var rank = [Int](repeating: 0, count: rows.count)
        let order = RosterSorter.sortedIndices(
            rows.map(\.student), by: field == .surname ? .surname : .name, reversed: false)
        for (place, index) in order.enumerated() { rank[index] = place }
        return rows.indices.sorted { first, second in
            let (one, two) = (rows[first], rows[second])
            let (oneMissed, twoMissed) = (one.absent + one.excused, two.absent + two.excused)
            switch field {
            case .absences where oneMissed != twoMissed: return oneMissed > twoMissed
            case .rate where one.rate != two.rate: return (one.rate ?? 2) < (two.rate ?? 2)
            default: return rank[first] < rank[second]
            }
        }.map { rows[$0] }
    }
}

extension RegisterCommand {
    /// Deletes the lesson `text` names (`2026-11-30` or `2026-11-30/2`) and lists its marks.
    private func deleteLesson(_ text: String, _ context: CommandContext) throws {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        let lesson = try AttendanceText.lesson(
            LessonOptions(date: parts.first ?? "", lesson: parts.count > 1 ? parts[1] : nil), context)
        let deleted = try ClassroomIntents.deleteRegister(lesson, at: context.fileURL)
        let described = lesson.spoken
        context.saved.record("The deletion of the register for \(described) was saved")
        let marks = deleted.map { "\(VisibleText.of($0.student.name)) \($0.entry.mark.rawValue)" }
        context.output.write(
            "Deleted the register for \(described), \(deleted.count) mark\(deleted.count == 1 ? "" : "s"): "
                + marks.joined(separator: ", ") + ". 'roster undo' brings it back.\n")
    }
}
