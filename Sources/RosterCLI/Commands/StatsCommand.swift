import RosterKit

/// `roster stats [--format table|json]`
enum StatsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Summarise the class: count, ages, scores and grades.",
        options: [
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the summary.",
                choices: ["table", "json"], defaultValue: "table")
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let statistics = RosterStatistics(try context.loadedViewModel().students)
        context.output.write(
            parsed.values["format"] == "json" ? json(statistics) : table(statistics, style: context.style))
    }

    static func table(_ statistics: RosterStatistics, style: Style) -> String {
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
        } else {
            rows.append(("Score", "none yet"))
        }
        for grade in statistics.countPerGrade.keys.sorted() {
            rows.append(("Grade \(grade)", StudentText.count(statistics.countPerGrade[grade] ?? 0)))
        }
        if statistics.ungradedCount > 0 {
            rows.append(("No grade", StudentText.count(statistics.ungradedCount)))
        }
        let width = rows.map { $0.0.count }.max() ?? 0
        return rows.map { style.bold(DisplayWidth.padded($0.0 + ":", to: width + 1)) + "  " + $0.1 + "\n" }
            .joined()
    }

    static func json(_ statistics: RosterStatistics) -> String {
        func number(_ value: Double?) -> String { value.map(StudentText.score) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let grades = statistics.countPerGrade.keys.sorted().map {
            "\"\($0)\":\(statistics.countPerGrade[$0] ?? 0)"
        }
        return "{\"count\":\(statistics.count),"
            + "\"age\":{\"min\":\(number(statistics.minimumAge)),\"median\":\(number(statistics.medianAge)),"
            + "\"max\":\(number(statistics.maximumAge))},"
            + "\"score\":{\"count\":\(statistics.scoredCount),\"mean\":\(number(statistics.meanScore)),"
            + "\"median\":\(number(statistics.medianScore))},"
            + "\"grades\":{\(grades.joined(separator: ","))},\"ungraded\":\(statistics.ungradedCount)}\n"
    }
}
