import RosterEngine
import RosterKit

/// `roster stats [--assessment <name>] [--format table|json] [--output <file>]`
struct StatsCommand: Subcommand {
    static let name = "stats"
    static let abstract = "Summarise the class: count, ages, a picture of the scores, and each grade."
    static let discussion: String? =
        "The scores are drawn in ten bars, 0-9 to 90-100, with block characters when the locale is "
        + "UTF-8 and # otherwise. A class with a markbook has its overall results drawn too; "
        + "--assessment draws one assessment's marks on its own scale (bars of 1 for a test out of 10)."
    static let fields: [CommandField<Self>] = [
        .format(\.format, [.table, .json], help: "How to print the summary."),
        ReportOutput.field(\.output),
        .option(
            "assessment", \.assessment, valueName: "name", help: "Summarise the marks of one assessment.",
            parse: .text),
    ]

    var format: OutputFormat?
    var assessment: String?
    var output: String?

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
    }

    func run(in context: CommandContext) throws {
        let (everyone, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let students = everyone.filter { !$0.hasLeft() }
        let usesBlocks = ScoreHistogram.localeIsUTF8(context.environment)
        let style = ReportOutput.style(for: output, context)
        let write = { (text: String) in
            try ReportOutput.write(text, about: "the summary", to: output, context)
        }
        if let assessment {
            let found = try book.assessment(named: assessment)
            let marks = RosterStatistics(
                Self.scored(students) { $0.marks[found.id]?.points(outOf: found.outOf)?.doubleValue })
            let title = "\(VisibleText.of(found.name)) (out of \(found.outOf))"
            try write(
                format == .json
                    ? try JSONReport.text(Self.scores(marks))
                    : style.bold(title) + "\n"
                        + Self.scoreLines(
                            marks, label: "Marks", style: style, usesBlocks: usesBlocks,
                            width: context.width))
            return
        }
        let statistics = RosterStatistics(students)
        let calculator = MarkbookCalculator(markbook: book)
        let results =
            book.assessments.isEmpty
            ? nil
            : RosterStatistics(
                Self.scored(students) {
                    calculator.result(for: $0).overall?.rounded(toDecimalPlaces: 2).doubleValue
                })
        guard format != .json else {
            return try write(try Self.json(statistics, results: results))
        }
        var text = Self.table(
            statistics, style: style, usesBlocks: usesBlocks, terminalWidth: context.width)
        if let results {
            text += Self.scoreLines(
                results, label: "Result", style: style, usesBlocks: usesBlocks, width: context.width)
        }
        try write(text)
    }

    /// The students with `value` in place of their score, so that ``RosterStatistics`` sums it up.
    private static func scored(_ students: [Student], _ value: (Student) -> Double?) -> [Student] {
        students.map { student in
            var copy = student
            copy.score = value(student)
            return copy
        }
    }

    /// The summary and the bars of `statistics`' scores, named `label`: a mark, a result.
    static func scoreLines(
        _ statistics: RosterStatistics, label: String, style: Style, usesBlocks: Bool, width: Int
    )
        -> String
    {
        guard let mean = statistics.meanScore, let median = statistics.medianScore,
            let lowest = statistics.minimumScore, let highest = statistics.maximumScore
        else { return style.bold("\(label):") + "  none yet\n" }
        var text = style.bold("\(label):") + "  mean \(StudentText.score((mean * 10).rounded() / 10)), "
        text += "median \(StudentText.score(median)) (\(statistics.scoredCount) of \(statistics.count)), "
        text += "lowest \(StudentText.score(lowest)), highest \(StudentText.score(highest))\n"
        return text
            + ScoreHistogram(
                bins: statistics.scoreBins, labels: statistics.scoreBinLabels, usesBlocks: usesBlocks,
                width: width
            ).lines.joined(separator: "\n") + "\n"
    }

    static func table(_ statistics: RosterStatistics, style: Style, usesBlocks: Bool, terminalWidth: Int = 80)
        -> String
    {
        let rows =
            [("Students", String(statistics.count))] + ageAndScoreRows(statistics) + gradeRows(statistics)
        let width = rows.map { $0.0.count }.max() ?? 0
        var text = rows.map {
            style.bold(DisplayWidth.padded($0.0 + ":", to: width + 1)) + "  " + $0.1 + "\n"
        }
        .joined()
        if statistics.scoredCount > 0 {
            text += style.bold("Scores:") + "\n"
            text +=
                ScoreHistogram(
                    bins: statistics.scoreBins, labels: statistics.scoreBinLabels, usesBlocks: usesBlocks,
                    width: terminalWidth
                ).lines.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The table's rows of ages and scores: their range and middle, or none yet.
    private static func ageAndScoreRows(_ statistics: RosterStatistics) -> [(String, String)] {
        var rows: [(String, String)] = []
        let written = statistics.writtenAgeCount
        let leftOut = written == 0 ? "" : "\(written) not a number, left out"
        if let minimum = statistics.minimumAge, let median = statistics.medianAge,
            let maximum = statistics.maximumAge
        {
            let range = "min \(minimum), median \(StudentText.score(median)), max \(maximum)"
            rows.append(("Age", leftOut.isEmpty ? range : "\(range) (\(leftOut))"))
        } else if !leftOut.isEmpty {
            rows.append(("Age", leftOut))
        }
        guard let mean = statistics.meanScore, let median = statistics.medianScore else {
            return rows + [("Score", "none yet")]
        }
        let rounded = StudentText.score((mean * 10).rounded() / 10)
        rows.append(
            (
                "Score",
                "mean \(rounded), median \(StudentText.score(median)) (\(statistics.scoredCount) scored)"
            ))
        if let lowest = statistics.minimumScore, let highest = statistics.maximumScore {
            rows.append(
                ("Range", "lowest \(StudentText.score(lowest)), highest \(StudentText.score(highest))"))
        }
        return rows
    }

    /// The table's rows of grades: how many students each has, and their mean score.
    private static func gradeRows(_ statistics: RosterStatistics) -> [(String, String)] {
        var rows = statistics.countPerGrade.keys.sorted().map { grade in
            var text = StudentText.count(statistics.countPerGrade[grade] ?? 0)
            if let mean = statistics.meanScorePerGrade[grade] {
                text += ", mean score \(StudentText.score((mean * 10).rounded() / 10))"
            }
            return ("Grade \(grade)", text)
        }
        if statistics.ungradedCount > 0 {
            rows.append(("No grade", StudentText.count(statistics.ungradedCount)))
        }
        return rows
    }

    /// The statistics as `stats --format json` writes them.
    private struct Report: Encodable {
        struct Ages: Encodable {
            let min: Nullable<Int>
            let median: Nullable<Double>
            let max: Nullable<Int>
            /// How many ages are kept as written, not numbers, and left out of the three.
            let notNumbers: Int
        }
        struct Bin: Encodable {
            let range: String
            let count: Int
        }
        struct Scores: Encodable {
            let count: Int
            let mean: Nullable<Double>
            let median: Nullable<Double>
            let min: Nullable<Double>
            let max: Nullable<Double>
            let bins: [Bin]
        }
        let count: Int
        let age: Ages
        let score: Scores
        /// The overall results, when the class has a markbook.
        let result: Scores?
        let grades: [String: Int]
        let gradeMeanScores: [String: Nullable<Double>]
        let ungraded: Int
    }

    /// Numbers as the table shows them, to the same decimals.
    private static func shown(_ value: Double?) -> Nullable<Double> {
        Nullable(value.flatMap { Double(StudentText.score($0)) })
    }

    /// The scores of `statistics` as JSON writes them.
    private static func scores(_ statistics: RosterStatistics) -> Report.Scores {
        let bins = zip(statistics.scoreBinLabels, statistics.scoreBins).map {
            Report.Bin(range: $0, count: $1)
        }
        return Report.Scores(
            count: statistics.scoredCount, mean: shown(statistics.meanScore),
            median: shown(statistics.medianScore),
            min: shown(statistics.minimumScore), max: shown(statistics.maximumScore), bins: bins)
    }

    static func json(_ statistics: RosterStatistics, results: RosterStatistics? = nil) throws -> String {
        let report = Report(
            count: statistics.count,
            age: Report.Ages(
                min: Nullable(statistics.minimumAge), median: shown(statistics.medianAge),
                max: Nullable(statistics.maximumAge), notNumbers: statistics.writtenAgeCount),
            score: scores(statistics), result: results.map(scores),
            grades: Dictionary(uniqueKeysWithValues: statistics.countPerGrade.map { (String($0), $1) }),
            gradeMeanScores: Dictionary(
                uniqueKeysWithValues: statistics.meanScorePerGrade.map { (String($0), shown($1)) }),
            ungraded: statistics.ungradedCount)
        return try JSONReport.text(report)
    }
}
