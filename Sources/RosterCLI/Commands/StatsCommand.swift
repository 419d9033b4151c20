import RosterEngine
import RosterKit

/// `roster stats [--format table|json]`
struct StatsCommand: Subcommand {
    static let name = "stats"
    static let abstract = "Summarise the class: count, ages, a picture of the scores, and each grade."
    static let discussion: String? =
        "The scores are drawn in ten bars, 0-9 to 90-100, with block characters when the locale is "
        + "UTF-8 and # otherwise."
    static let fields: [CommandField<Self>] = [
        .format(\.format, [.table, .json], help: "How to print the summary.")
    ]

    var format: OutputFormat?

    func run(in context: CommandContext) throws {
        let statistics = RosterStatistics(try context.loadedStudents().filter { !$0.hasLeft() })
        let usesBlocks = ScoreHistogram.localeIsUTF8(context.environment)
        context.output.write(
            format == .json
                ? try Self.json(statistics)
                : Self.table(
                    statistics, style: context.style, usesBlocks: usesBlocks, terminalWidth: context.width))
    }

    static func table(_ statistics: RosterStatistics, style: Style, usesBlocks: Bool, terminalWidth: Int = 80)
        -> String
    {
        var rows: [(String, String)] = [("Students", String(statistics.count))]
        if let minimum = statistics.minimumAge, let median = statistics.medianAge,
            let maximum = statistics.maximumAge
        {
            rows.append(("Age", "min \(minimum), median \(StudentText.score(median)), max \(maximum)"))
        }
        if let mean = statistics.meanScore, let median = statistics.medianScore {
            let mean = StudentText.score((mean * 10).rounded() / 10)
            rows.append(
                (
                    "Score",
                    "mean \(mean), median \(StudentText.score(median)) (\(statistics.scoredCount) scored)"
                ))
            if let lowest = statistics.minimumScore, let highest = statistics.maximumScore {
                rows.append(
                    ("Range", "lowest \(StudentText.score(lowest)), highest \(StudentText.score(highest))"))
            }
        } else {
            rows.append(("Score", "none yet"))
        }
        for grade in statistics.countPerGrade.keys.sorted() {
            var text = StudentText.count(statistics.countPerGrade[grade] ?? 0)
            if let mean = statistics.meanScorePerGrade[grade] {
                text += ", mean score \(StudentText.score((mean * 10).rounded() / 10))"
            }
            rows.append(("Grade \(grade)", text))
        }
        if statistics.ungradedCount > 0 {
            rows.append(("No grade", StudentText.count(statistics.ungradedCount)))
        }
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
                ).lines.joined(
                    separator: "\n") + "\n"
        }
        return text
    }

    /// The statistics as `stats --format json` writes them.
    private struct Report: Encodable {
        struct Ages: Encodable {
            let min: Nullable<Int>
            let median: Nullable<Double>
            let max: Nullable<Int>
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
        let grades: [String: Int]
        let gradeMeanScores: [String: Nullable<Double>]
        let ungraded: Int
    }

    static func json(_ statistics: RosterStatistics) throws -> String {
        // Numbers as the table shows them, to the same decimals.
        func shown(_ value: Double?) -> Nullable<Double> {
            Nullable(value.flatMap { Double(StudentText.score($0)) })
        }
        let bins = zip(statistics.scoreBinLabels, statistics.scoreBins).map {
            Report.Bin(range: $0, count: $1)
        }
        let report = Report(
            count: statistics.count,
            age: Report.Ages(
                min: Nullable(statistics.minimumAge), median: shown(statistics.medianAge),
                max: Nullable(statistics.maximumAge)),
            score: Report.Scores(
                count: statistics.scoredCount, mean: shown(statistics.meanScore),
                median: shown(statistics.medianScore), min: shown(statistics.minimumScore),
                max: shown(statistics.maximumScore), bins: bins),
            grades: Dictionary(uniqueKeysWithValues: statistics.countPerGrade.map { (String($0), $1) }),
            gradeMeanScores: Dictionary(
                uniqueKeysWithValues: statistics.meanScorePerGrade.map { (String($0), shown($1)) }),
            ungraded: statistics.ungradedCount)
        return try JSONReport.text(report)
    }
}
