import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster grades [--term T] [--projected] [--sort name|surname|result] [--format table|json|csv|canvas|oneroster|html] [--output <file>] [--all]`
/// and `roster grades --explain <student>`
struct GradesCommand: Subcommand {
    static let name = "grades"
    static let abstract = "Show each student's marks, category results, overall result and letter."
    static let discussion: String? =
        "Excused marks are left out of the points and the maximum; missing ones count 0; blank ones (not "
        + "marked yet) are left out, or with --projected count 0 once the assessment's date has passed. "
        + "A category's result is its counted points over their maximums, after its dropped marks; the "
        + "overall result is Σ(weight × category result) / Σ(weight) when weights are set, else all points "
        + "over all maximums; the letter comes from the result rounded to two decimals. "
        + "The table shows a dropped mark in brackets, EX and MI for excused and missing, - for blank; "
        + "--format html prints the markbook on pages (landscape when wide, names repeated). "
        + "'grades --explain ada' shows the arithmetic line by line."
    static let fields: [CommandField<Self>] = [
        .option(
            "term", \.term, valueName: "name", help: "Count only the assessments of this term.", parse: .text),
        .flag("projected", \.projected, help: "Count blank marks as 0 once their date has passed."),
        .option(
            "sort", \.sort, valueName: "order", help: "The order of the rows.",
            parse: .choice(among: [.name, .surname, .result], default: .name)),
        .format(
            \.format, [.table, .json, .csv, .canvas, .oneroster, .html],
            help:
                "How to print the markbook; canvas is a CSV file Canvas's gradebook imports, oneroster a "
                + "folder of OneRoster 1.2 gradebook files (--output <folder>)."),
        ReportOutput.field(\.output),
        .flag("all", \.all, help: "Include the students who have left."),
        .option(
            "explain", \.explain, valueName: "student", help: "Show how one student's result is worked out.",
            parse: .text),
    ]

    /// The orders of the rows.
    enum Order: String, CaseIterable, Sendable {
        case name, surname, result
    }

    var term: String?
    var projected = false
    var sort: Order?
    var format: OutputFormat?
    var all = false
    var explain: String?
    var output: String?

    func validate() throws {
        if format == .oneroster, try ReportOutput.file(output) == nil {
            throw UsageError.message(
                "--format oneroster writes a folder of four files; give --output <folder>.")
        }
        try ReportOutput.check(output, format: format ?? .table)
        if explain != nil,
            let other = [("--sort", sort != nil), ("--format", format != nil), ("--all", all)]
                .first(where: \.1)
        {
            throw UsageError.message("\(other.0) is for the whole markbook, not --explain; drop one of them.")
        }
    }

    func run(in context: CommandContext) throws {
        let (students, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        guard !book.assessments.isEmpty else {
            context.output.write(
                "No assessments yet. Add one with: roster assessment add \"Quiz 1\" --out-of 10\n")
            return
        }
        let calculator = MarkbookCalculator(markbook: book, projected: projected, term: term)
        if let term, calculator.assessments.isEmpty {
            throw UsageError.message(
                "No assessment is in the term '\(VisibleText.of(term))'; 'roster assessment list' shows the terms."
            )
        }
        if let explain {
            let index = try RosterLookup.index(of: explain, in: students)
            let student = students[index]
            return try ReportOutput.write(
                GradeExplanation.text(student, calculator), about: "the explanation", to: output, context)
        }
        let rows = ordered(all ? students : students.filter { !$0.hasLeft() }, calculator)
        let report = GradesReport(calculator: calculator, students: rows)
        if format == .oneroster, let folder = try ReportOutput.file(output) {
            let files = OneRosterGradebook.files(
                of: rows, markbook: book,
                rosterName: context.rosterName,
                modified: PlistDate.iso8601(fromSeconds: Date().timeIntervalSinceReferenceDate))
            try StorageHandler.writeFiles(files, intoFolder: folder)
            return context.output.write(
                "Wrote the gradebook, \(files.map(\.name).joined(separator: ", ")), to \(VisibleText.of(folder.path)).\n"
            )
        }
        let text: String
        switch format ?? .table {
        case .json: text = try report.json()
        case .csv: text = report.csv()
        case .canvas: text = CanvasGradebookCSV.text(rows, assessments: calculator.assessments)
        case .oneroster: return  // written above
        case .html:
            text = report.html(HTMLPage(today: "Markbook, \(StudentText.count(rows.count))", for: context))
        default:
            text = report.table(width: context.width)
            for note in report.notes { context.errorOutput.write("Note: \(note)\n") }
        }
        try ReportOutput.write(text, about: "the markbook", to: output, context)
    }

    private func ordered(_ students: [Student], _ calculator: MarkbookCalculator) -> [Student] {
        switch sort ?? .name {
        case .result:
            // Only the overall results are kept for the sort; the rows work theirs out again.
            let results = students.map { calculator.result(for: $0).overall ?? Fraction(-1) }
            return students.indices.sorted { results[$0] > results[$1] }.map { students[$0] }
        case .surname: return RosterSorter.sorted(students, by: .surname, reversed: false)
        case .name: return RosterSorter.sorted(students, by: .name, reversed: false)
        }
    }

}
