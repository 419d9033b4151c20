import RosterKit

/// `roster register [--date <d>] [--from <d> --to <d>] [--sort name|absences|rate] [--format ...] [--take]`
enum RegisterCommand: Subcommand {
    static let name = "register"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show who was absent or late on a day, or each student's attendance over a range.",
        discussion:
            "With --from and --to: each student's absences, lates and attendance rate over the days the "
            + "register was kept in that range. --take calls the roll at a terminal, in name order: Enter for "
            + "present, a for absent, l for late, b to go back.",
        options: [
            OptionSpec(name: "date", valueName: "YYYY-MM-DD", help: "The day. (default: today)"),
            OptionSpec(name: "from", valueName: "YYYY-MM-DD", help: "The first day of a range."),
            OptionSpec(
                name: "to", valueName: "YYYY-MM-DD", help: "The last day of a range. (default: today)"),
            OptionSpec(
                name: "sort", valueName: "field", help: "The order of a range's students.",
                choices: ["name", "absences", "rate"], defaultValue: "name"),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the register.",
                choices: ["table", "json", "csv"], defaultValue: "table"),
            OptionSpec(name: "take", help: "Call the roll at a terminal and record it."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        if parsed.has("take") {
            return try RollCall.take(on: AttendanceText.day(parsed.values["date"]), context)
        }
        if let from = parsed.values["from"] {
            let first = try AttendanceText.day(from, label: "--from <YYYY-MM-DD>")
            let last = try AttendanceText.day(parsed.values["to"], label: "--to <YYYY-MM-DD>")
            guard first <= last else { throw UsageError.message("--from \(first) comes after --to \(last).") }
            let rows = sorted(
                try AttendanceRegister.summary(from: first, to: last, at: context.fileURL),
                by: parsed.values["sort"])
            return context.output.write(try range(rows, format: parsed.values["format"] ?? "table"))
        }
        let day = try AttendanceText.day(parsed.values["date"])
        let (students, marks) = try AttendanceRegister.marks(at: context.fileURL)
        // Only the students marked that day are sorted: a handful, whatever the roster's size.
        let marked = students.filter { marks[$0.id]?[day.text].map { $0 != .present } ?? false }
        let entries = byName(marked).compactMap { student in
            marks[student.id]?[day.text].map { (student, $0) }
        }
        context.output.write(try self.day(day, entries, format: parsed.values["format"] ?? "table"))
    }

    /// Students in name order, as a listing shows them.
    static func byName(_ students: [Student]) -> [Student] {
        RosterSorter.sorted(students, by: .name, reversed: false)
    }

    /// The rows in the order `--sort` asks for, ties (and `name`) in name order.
    private static func sorted(_ rows: [AttendanceRegister.Summary], by field: String?) -> [AttendanceRegister
        .Summary]
    {
        var rank = [Int](repeating: 0, count: rows.count)
        for (place, index) in RosterSorter.sortedIndices(rows.map(\.student), by: .name, reversed: false)
            .enumerated()
        {
            rank[index] = place
        }
        return rows.indices.sorted { first, second in
            let (one, two) = (rows[first], rows[second])
            switch field {
            case "absences" where one.absences != two.absences: return one.absences > two.absences
            case "rate" where one.rate != two.rate: return (one.rate ?? 2) < (two.rate ?? 2)
            default: return rank[first] < rank[second]
            }
        }.map { rows[$0] }
    }

    /// One mark of a day, as `register --format json` writes it.
    private struct MarkRow: Encodable {
        let date: String
        let id: String
        let name: String
        let mark: String
    }

    /// One student's attendance over a range, as `register --from --format json` writes it.
    private struct SummaryRow: Encodable {
        let id: String
        let name: String
        let absences: Int
        let lates: Int
        let days: Int
        let attendancePercent: Nullable<Double>
    }

    private static func day(_ day: SchoolDay, _ entries: [(Student, AttendanceMark)], format: String) throws
        -> String
    {
        switch format {
        case "json":
            return try JSONReport.text(
                entries.map {
                    MarkRow(date: day.text, id: $0.0.id.uuidString, name: $0.0.name, mark: $0.1.rawValue)
                })
        case "csv":
            return "date,id,name,mark\r\n"
                + entries.map {
                    "\(day),\($0.0.id.uuidString),\(CSVRosterWriter.field($0.0.name)),\($0.1.rawValue)\r\n"
                }.joined()
        default:
            guard !entries.isEmpty else { return "Nobody was absent or late on \(day).\n" }
            return entries.map { "\(VisibleText.of($0.0.name)): \($0.1.rawValue)\n" }.joined()
        }
    }

    private static func range(_ rows: [AttendanceRegister.Summary], format: String) throws -> String {
        let rate = { (row: AttendanceRegister.Summary) in
            row.rate.map { StudentText.score(($0 * 1000).rounded() / 10) }
        }
        switch format {
        case "json":
            return try JSONReport.text(
                rows.map { row in
                    SummaryRow(
                        id: row.student.id.uuidString, name: row.student.name, absences: row.absences,
                        lates: row.lates, days: row.days,
                        attendancePercent: Nullable(rate(row).flatMap { Double($0) }))
                })
        case "csv":
            return "id,name,absences,lates,days,attendance_percent\r\n"
                + rows.map { row in
                    "\(row.student.id.uuidString),\(CSVRosterWriter.field(row.student.name)),\(row.absences),"
                        + "\(row.lates),\(row.days),\(rate(row) ?? "")\r\n"
                }.joined()
        default:
            let width = max(4, rows.map { DisplayWidth.of(VisibleText.of($0.student.name)) }.max() ?? 0)
            var text = DisplayWidth.padded("NAME", to: width) + "  ABSENT  LATE  ATTENDANCE\n"
            for row in rows {
                text += DisplayWidth.padded(VisibleText.of(row.student.name), to: width)
                text += String(repeating: " ", count: 8 - String(row.absences).count) + String(row.absences)
                text += String(repeating: " ", count: 6 - String(row.lates).count) + String(row.lates)
                let shown = rate(row).map { $0 + "%" } ?? "-"
                text += String(repeating: " ", count: 12 - shown.count) + shown + "\n"
            }
            return text
        }
    }
}

/// `register --take`: the roll, called at a terminal.
enum RollCall {
    static func take(on day: SchoolDay, _ context: CommandContext) throws {
        guard context.input.isTerminal else {
            throw UsageError.message(
                "register --take calls the roll at a terminal; use 'roster absent' in scripts.")
        }
        let students = RegisterCommand.byName(try context.loadedStudents())
        var marks: [AttendanceMark?] = Array(repeating: nil, count: students.count)
        var index = 0
        while index < students.count {
            context.errorOutput.write(
                "\(VisibleText.of(students[index].name)) [Enter present, a absent, l late, b back]: ")
            guard let answer = context.input.readLine()?.trimmingSpaces().lowercased() else {
                context.output.write("Stopped; nothing was recorded.\n")
                return
            }
            switch answer {
            case "": marks[index] = .present
            case "a": marks[index] = .absent
            case "l": marks[index] = .late
            case "b":
                index = max(0, index - 1)
                continue
            default:
                context.errorOutput.write("  Type Enter, a, l or b.\n")
                continue
            }
            index += 1
        }
        var record: [Student.ID: AttendanceMark] = [:]
        for (student, mark) in zip(students, marks) { record[student.id] = mark ?? .present }
        // A student removed while the roll was called is not on the roster, and not counted.
        let recorded = try AttendanceRegister.record(record, on: day, at: context.fileURL)
        context.saved.record("The register for \(day) was recorded")
        let absent = recorded.values.filter { $0 == .absent }.count
        let late = recorded.values.filter { $0 == .late }.count
        context.output.write(
            "Recorded the register for \(day): \(recorded.count - absent - late) present, \(absent) absent, \(late) late.\n"
        )
    }
}
