import RosterKit

/// `roster watch [--from <day>] [--to <day>] [--format table|json|csv] [--output <file>]`,
/// `roster watch --set <name>=<n>...`, `roster watch --reset`
struct WatchCommand: Subcommand {
    static let name = "watch"
    static let abstract = "List who needs a word: absences in a row, low attendance, missing work, lates."
    static let discussion: String? =
        "A student on the roll is listed with every reason: missed lessons in a row up to their latest "
        + "(3 by default), attendance under a rate (90%, after 5 lessons), pieces of work marked missing (2), lates (3), "
        + "over the whole record or --from and --to. 'roster watch --set absences=4 --set rate=85' changes the "
        + "class's thresholds (absences, rate, missing, lates; 1 to 100), one undo step; --reset goes back to "
        + "roster's own."
    static let fields: [CommandField<Self>] = [
        .option(
            "from", \.from, valueName: "day", help: "The first day of the range. (default: all)", parse: .text
        ),
        .option(
            "to", \.to, valueName: "day", help: "The last day of the range. (default: today)", parse: .text),
        .format(\.format, [.table, .json, .csv], help: "How to print the list."),
        ReportOutput.field(\.output),
        .repeated(
            "set", \.settings, valueName: "name=n",
            help: "Set a threshold of the class: absences, rate, missing or lates; repeat for more.",
            parse: .namedValue(
                hint: "Give a threshold and a whole number, such as absences=4; the thresholds are "
                    + WatchSettings.names.joined(separator: ", ") + ".",
                value: { Int($0) })),
        .flag("reset", \.reset, help: "Go back to roster's own thresholds."),
    ]

    var from: String?
    var to: String?
    var format: OutputFormat?
    var output: String?
    var settings: [NamedValue<Int>] = []
    var reset = false

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
        let changes = !settings.isEmpty || reset
        if changes, from != nil || to != nil || format != nil || output != nil {
            throw UsageError.message(
                "--set and --reset change the thresholds and print no list; give them alone.")
        }
        if !settings.isEmpty && reset {
            throw UsageError.message("--set and --reset cannot be given together; give one of them.")
        }
        // Each threshold is checked here, before anything is read: a name or value that cannot
        // be set is a command line that cannot be used.
        var checked = WatchSettings()
        for (name, value) in thresholds {
            do { try checked.set(name, to: value) } catch { throw UsageError.message("\(error)") }
        }
    }

    func run(in context: CommandContext) throws {
        if reset {
            try ClassroomIntents.resetWatch(at: context.fileURL)
            return context.output.write(
                "The watch list uses roster's own thresholds again: \(Self.describe(WatchSettings())).\n")
        }
        if !settings.isEmpty {
            let set = try ClassroomIntents.setWatch(thresholds, at: context.fileURL)
            return context.output.write("The watch list's thresholds: \(Self.describe(set)).\n")
        }
        let (students, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let first = try from.map {
            try AttendanceText.day($0, label: "--from <day>", notingWeekend: false, context)
        }
        let last = try AttendanceText.day(to, label: "--to <day>", notingWeekend: false, context)
        let entries = WatchList.entries(
            RosterSorter.sorted(students, by: .name, reversed: false), markbook: book, from: first, to: last)
        try ReportOutput.write(
            try WatchReport.text(entries, settings: book.watch ?? WatchSettings(), format: format ?? .table),
            about: "the watch list", to: output, context)
    }

    /// The thresholds `--set` gives, by name as ``WatchSettings/names`` spells them.
    private var thresholds: [(name: String, value: Int)] {
        settings.map { ($0.name.lowercased(), $0.value) }
    }

    /// The thresholds as a teacher reads them.
    static func describe(_ settings: WatchSettings) -> String {
        func count(_ value: Int, _ one: String, _ many: String) -> String {
            "\(value) \(value == 1 ? one : many)"
        }
        return count(settings.absencesInARow, "absence", "absences") + " in a row, attendance under "
            + "\(settings.lowestRate)%, " + count(settings.missingWork, "piece", "pieces")
            + " of missing work, "
            + count(settings.lates, "late", "lates")
    }
}
