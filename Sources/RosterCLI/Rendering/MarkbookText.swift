import RosterEngine
import RosterKit

/// How the markbook's assessments, categories and scale are written for a person.
enum MarkbookText {
    /// A day as an assessment's `--date` takes it: a due date may be planned up to a year ahead.
    static func day(_ text: String) throws -> SchoolDay {
        let today = SchoolDay.today()
        guard let day = SchoolDay(planned: text, today: today) else {
            throw UsageError.invalidValue(
                VisibleText.of(text), label: "--date <day>",
                reason:
                    "Give a day from 1900 to \(today.adding(days: SchoolDay.planningDays)) (a year ahead): "
                    + "YYYY-MM-DD (such as \(today)), today, yesterday or a weekday.")
        }
        return day
    }

    /// `Quiz 1 (out of 10, Quizzes, due 2026-12-01, Autumn)`.
    static func describe(_ assessment: Assessment) -> String {
        var details = ["out of \(assessment.outOf)"]
        if let category = assessment.category { details.append(VisibleText.of(category)) }
        if let date = assessment.date { details.append("due \(date)") }
        if let term = assessment.term { details.append(VisibleText.of(term)) }
        return VisibleText.of(assessment.name) + " (" + details.joined(separator: ", ") + ")"
    }

    /// A mark as a teacher reads it: `8/10`, `80% (8/10)`, `excused`, `missing`.
    static func mark(_ mark: Mark, outOf: Fraction) -> String {
        switch mark {
        case .points(let points): "\(points)/\(outOf)"
        case .percent(let percent): "\(percent)% (\(mark.points(outOf: outOf) ?? .zero)/\(outOf))"
        case .excused: "excused"
        case .missing: "missing"
        }
    }

    /// What to note about weights that do not add up to 100, or `nil` when they do or there are none.
    static func weightsNote(_ book: Markbook) -> String? {
        guard let total = book.totalWeight, total != .hundred else { return nil }
        return "the weights add up to \(total), not 100; results use them as they stand."
    }

    /// One student's mark as it changed: `Quiz 1: Ada Lovelace 8/10 (was blank)`, or
    /// `(unchanged)` when it is what it was.
    static func change(on assessment: Assessment, of student: String, from before: Mark?, to after: Mark?)
        -> String
    {
        let now = after.map { mark($0, outOf: assessment.outOf) } ?? "blank"
        let was = before.map { mark($0, outOf: assessment.outOf) } ?? "blank"
        return "\(VisibleText.of(assessment.name)): \(VisibleText.of(student)) \(now)"
            + (was == now ? " (unchanged)" : " (was \(was))") + "\n"
    }

    /// `Homework (weight 30, drops the lowest 1)`.
    static func describe(_ category: MarkCategory) -> String {
        var details: [String] = [category.weight.map { "weight \($0)" } ?? "no weight"]
        if category.dropLowest > 0 { details.append("drops the lowest \(category.dropLowest)") }
        return VisibleText.of(category.name) + " (" + details.joined(separator: ", ") + ")"
    }

    /// Prints the assessments: a table, or JSON.
    static func listAssessments(format: OutputFormat, _ context: CommandContext) throws {
        let (students, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        // Each student's marks are read once, and counted for every assessment at once.
        var counts: [String: Int] = [:]
        for student in students {
            for id in student.marks.keys { counts[id, default: 0] += 1 }
        }
        let marked = { (assessment: Assessment) in counts[assessment.id] ?? 0 }
        if format == .json {
            struct Row: Encodable {
                let name: String
                let outOf: String
                let category: Nullable<String>
                let date: Nullable<String>
                let term: Nullable<String>
                let marked: Int
            }
            context.output.write(
                try JSONReport.text(
                    book.assessments.map {
                        Row(
                            name: $0.name, outOf: $0.outOf.description, category: Nullable($0.category),
                            date: Nullable($0.date?.text), term: Nullable($0.term), marked: marked($0))
                    }))
            return
        }
        guard !book.assessments.isEmpty else {
            context.output.write(
                "No assessments yet. Add one with: roster assessment add \"Quiz 1\" --out-of 10\n")
            return
        }
        let rows = book.assessments.map { assessment in
            [
                VisibleText.of(assessment.name), assessment.outOf.description,
                assessment.category.map(VisibleText.of) ?? "-", assessment.date?.text ?? "-",
                assessment.term.map(VisibleText.of) ?? "-", "\(marked(assessment))",
            ]
        }
        context.output.write(
            table(["ASSESSMENT", "OUT OF", "CATEGORY", "DUE", "TERM", "MARKED"], rows, width: context.width))
    }

    /// A plain table: the first column cut to fit `width` (never below 12 characters and the
    /// `…`), the others as they are, set to the right when `numbers`.
    static func table(_ titles: [String], _ rows: [[String]], width: Int, numbers: Bool = false) -> String {
        table(
            titles, rows, columns: Array(titles.indices), widths: widths(titles, rows), width: width,
            numbers: numbers)
    }

    /// The table of only `columns` of `titles` and `rows`, whose `widths` are known (see
    /// ``widths(_:_:)``).
    static func table(
        _ titles: [String], _ rows: [[String]], columns: [Int], widths: [Int], width: Int, numbers: Bool
    ) -> String {
        let others = columns.dropFirst().reduce(0) { $0 + widths[$1] + 2 }
        let first = max(min(widths[0], TableFit.shortestName), min(widths[0], width - others))
        @Sendable func line(_ cells: [String]) -> String {
            var text = DisplayWidth.padded(DisplayWidth.truncated(cells[0], to: first), to: first)
            for column in columns.dropFirst() {
                let room = String(
                    repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cells[column])))
                text += "  " + (numbers ? room + cells[column] : cells[column] + room)
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        // A class of thousands is laid out a part per core.
        let parts = ParallelWork.parts(count: rows.count) { range in range.map { line(rows[$0]) }.joined() }
        return line(titles) + parts.joined()
    }

    /// How wide each column of `titles` and `rows` is drawn: its widest cell, measured a part of
    /// the rows per core.
    static func widths(_ titles: [String], _ rows: [[String]]) -> [Int] {
        let parts = ParallelWork.parts(count: rows.count) { range in
            var widths = [Int](repeating: 0, count: titles.count)
            for row in range {
                for column in titles.indices {
                    widths[column] = max(widths[column], DisplayWidth.of(rows[row][column]))
                }
            }
            return widths
        }
        return titles.indices.map { column in
            parts.reduce(DisplayWidth.of(titles[column])) { max($0, $1[column]) }
        }
    }
}
