import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster report <student>... | --all [--from D] [--to D] [--notes] [--format text|html] [--output FILE]`
struct ReportCommand: Subcommand {
    static let name = "report"
    static let abstract = "Write a report for each student: attendance, marks by category, result and letter."
    static let discussion: String? =
        "For parents' evening: each student's name, class and school id; their attendance from --from to "
        + "--to (every lesson by default): lessons, present, late, absent and excused with the reasons, and "
        + "the rate; their marks by category, a dropped mark shown as dropped; the overall result and letter; "
        + "and what is still blank. The note is shown only with --notes. With --format html, a page to "
        + "print with each student on pages of their own."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "student", help: ArgumentSpec.studentHelp, isOptional: true, replacedBy: ["all"]),
            \.students),
        .flag("all", \.all, help: "A report for every student on the roll."),
        .option("from", \.from, valueName: "day", help: "The first day of attendance counted.", parse: .text),
        .option(
            "to", \.to, valueName: "day", help: "The last day of attendance counted. (default: today)",
            parse: .text),
        .flag("notes", \.notes, help: "Show each student's note."),
        .option(
            "format", \.format, valueName: "format", help: "Text, or a page to print.",
            parse: .choice(among: [.table, .html], default: .table)),
        ReportOutput.field(\.output),
    ]

    var students: [String] = []
    var all = false
    var from: String?
    var to: String?
    var notes = false
    var format: OutputFormat?
    var output: String?

    func validate() throws {
        if all, !students.isEmpty { throw UsageError.message("Give students or --all, not both.") }
        if !all, students.isEmpty {
            throw UsageError.message("report needs a student, or --all for everyone.")
        }
        try ReportOutput.check(output, format: format ?? .table)
    }

    func run(in context: CommandContext) throws {
        let (everyone, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let chosen: [Student] =
            all
            ? everyone.filter { !$0.hasLeft() }
            : try Set(students.map { try RosterLookup.index(of: $0, in: everyone) }).sorted().map {
                everyone[$0]
            }
        let (first, last) =
            try from.map { try AttendanceText.range(from: $0, to: to, context) }
            ?? (nil, try AttendanceText.day(to, label: "--to <day>", notingWeekend: false, context))
        let report = StudentReport(
            className: context.rosterDescription, markbook: book, from: first, to: last,
            notes: notes)
        if format == .html {
            let page = HTMLPage(
                today: chosen.count == 1 ? "Report" : "Reports, \(StudentText.count(chosen.count))",
                for: context)
            return try ReportOutput.write(
                report.page(chosen, page), about: "the reports", to: output, context)
        }
        let separator = "\n" + String(repeating: "─", count: 40) + "\n\n"
        try ReportOutput.write(
            chosen.map(report.text).joined(separator: separator), about: "the reports", to: output, context)
    }
}
