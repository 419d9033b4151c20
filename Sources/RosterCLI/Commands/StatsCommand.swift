import RosterKit

/// `roster stats [--format table|json]`
enum StatsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Summarise the class: count, ages, a picture of the scores, and each grade.",
        discussion:
            "The scores are drawn in ten bars, 0-9 to 90-100, with block characters when the locale is "
            + "UTF-8 and # otherwise.",
        options: [
            .tableOrJSON("How to print the summary.")
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let statistics = RosterStatistics(try context.loadedStudents())
        let usesBlocks = ScoreHistogram.localeIsUTF8(context.environment)
        context.output.write(
            parsed.values["format"] == "json"
                ? json(statistics) : table(statistics, style: context.style, usesBlocks: usesBlocks))
    }

    static func table(_ statistics: RosterStatistics, style: Style, usesBlocks: Bool) -> String {
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
                ScoreHistogram(bins: statistics.scoreBins, usesBlocks: usesBlocks).lines.joined(
                    separator: "\n") + "\n"
        }
        return text
    }

    static func json(_ statistics: RosterStatistics) -> String {
        func number(_ value: Double?) -> String { value.map(StudentText.score) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let grades = statistics.countPerGrade.keys.sorted().map {
            "\"\($0)\":\(statistics.countPerGrade[$0] ?? 0)"
        }
        let bins = zip(RosterStatistics.binLabels, statistics.scoreBins).map {
            "{\"range\":\"\($0)\",\"count\":\($1)}"
        }
        let means = statistics.meanScorePerGrade.keys.sorted().map {
            "\"\($0)\":\(number(statistics.meanScorePerGrade[$0]))"
        }
        return "{\"count\":\(statistics.count),"
            + "\"age\":{\"min\":\(number(statistics.minimumAge)),\"median\":\(number(statistics.medianAge)),"
            + "\"max\":\(number(statistics.maximumAge))},"
            + "\"score\":{\"count\":\(statistics.scoredCount),\"mean\":\(number(statistics.meanScore)),"
            + "\"median\":\(number(statistics.medianScore)),"
            + "\"min\":\(number(statistics.minimumScore)),\"max\":\(number(statistics.maximumScore)),"
            + "\"bins\":[\(bins.joined(separator: ","))]},"
            + "\"grades\":{\(grades.joined(separator: ","))},\"gradeMeanScores\":{\(means.joined(separator: ","))},"
            + "\"ungraded\":\(statistics.ungradedCount)}\n"
    }
}
