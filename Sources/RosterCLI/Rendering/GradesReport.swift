import RosterEngine
import RosterKit

/// The markbook as a table, CSV (as gradebooks export it) or JSON: a row per student.
struct GradesReport {
    let calculator: MarkbookCalculator
    let rows: [(student: Student, result: StudentResult)]

    private var assessments: [Assessment] { calculator.assessments }
    private var categories: [String] {
        var names: [String] = []
        for line in rows.first?.result.categories ?? [] { names.append(line.name ?? "No category") }
        return names
    }

    /// What a reader of the table should know: weights that do not add up to 100, assessments
    /// that do not count.
    var notes: [String] {
        var notes: [String] = []
        let book = calculator.markbook
        let weights = book.categories.compactMap(\.weight)
        let sum = weights.reduce(Fraction.zero, +)
        if !weights.isEmpty, sum != .hundred {
            notes.append("the weights add up to \(sum), not 100; results use them as they stand.")
        }
        if book.isWeighted {
            let outside = assessments.filter { assessment in
                assessment.category.flatMap { book.category(named: $0)?.weight } == nil
            }
            if !outside.isEmpty {
                notes.append(
                    "\(outside.map { VisibleText.of($0.name) }.joined(separator: ", ")) \(outside.count == 1 ? "is" : "are") "
                        + "in no weighted category and \(outside.count == 1 ? "does" : "do") not count.")
            }
        }
        return notes
    }

    /// The table: names, as many assessments as fit `width`, each category, the result and the letter.
    func table(width: Int) -> String {
        let tail = categories + ["RESULT"] + (calculator.markbook.scale == nil ? [] : ["LETTER"])
        let tailWidths = tail.map { max(DisplayWidth.of($0), 7) }
        let nameWidth = min(
            max(4, rows.map { DisplayWidth.of(VisibleText.of($0.student.name)) }.max() ?? 4), 30)
        var room = width - max(13, nameWidth) - tailWidths.reduce(0) { $0 + $1 + 2 }
        var shown: [Assessment] = []
        for assessment in assessments {
            let cell = max(DisplayWidth.of(VisibleText.of(assessment.name)), 6) + 2
            guard room >= cell else { break }
            shown.append(assessment)
            room -= cell
        }
        let titles = ["NAME"] + shown.map { VisibleText.of($0.name) } + tail
        let lines = rows.map { row in
            [VisibleText.of(row.student.name)]
                + shown.map { assessment in cell(row.result.lines.first { $0.assessment.id == assessment.id })
                }
                + row.result.categories.map { $0.result.map { $0.decimalText() + "%" } ?? "-" }
                + [row.result.overall.map { $0.decimalText() + "%" } ?? "-"]
                + (calculator.markbook.scale == nil ? [] : [row.result.letter ?? "-"])
        }
        var text = Self.columns(titles, lines, width: width)
        if shown.count < assessments.count {
            text += "(\(assessments.count - shown.count) more assessments: --format csv shows them all.)\n"
        }
        return text
    }

    private func cell(_ line: MarkLine?) -> String {
        guard let line else { return "" }
        switch (line.status, line.mark) {
        case (.dropped, let mark?):
            return "(" + (mark.points(outOf: line.assessment.outOf)?.description ?? "") + ")"
        case (_, .excused?): return "EX"
        case (_, .missing?): return "MI"
        case (_, let mark?): return mark.points(outOf: line.assessment.outOf)?.description ?? ""
        case (.projectedZero, nil): return "0*"
        default: return "-"
        }
    }

    private static func columns(_ titles: [String], _ rows: [[String]], width: Int) -> String {
        let widths = titles.indices.map { column in
            max(DisplayWidth.of(titles[column]), rows.map { DisplayWidth.of($0[column]) }.max() ?? 0)
        }
        let others = widths.dropFirst().reduce(0) { $0 + $1 + 2 }
        let first = max(min(widths[0], 13), min(widths[0], width - others))
        func line(_ cells: [String]) -> String {
            var text = DisplayWidth.padded(DisplayWidth.truncated(cells[0], to: first), to: first)
            for column in cells.indices.dropFirst() {
                text +=
                    "  "
                    + String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cells[column])))
                    + cells[column]
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        return line(titles) + rows.map(line).joined()
    }

    /// The markbook as gradebooks export it: a row per student with each assessment's points
    /// (`EX`, `MI`, or empty when blank), each category's result, the result and the letter,
    /// after a `Points Possible` row of the maximums.
    func csv() -> String {
        let header =
            ["Student", "ID", "SIS User ID"] + assessments.map(\.name) + categories.map { "\($0) (%)" }
            + ["Result (%)", "Letter"]
        let possible =
            ["Points Possible", "", ""] + assessments.map(\.outOf.description)
            + categories.map { _ in "" } + ["", ""]
        var lines = [header, possible]
        for (student, result) in rows {
            let marks = assessments.map { assessment -> String in
                guard let mark = student.marks[assessment.id] else { return "" }
                switch mark {
                case .excused: return "EX"
                case .missing: return "MI"
                default: return mark.points(outOf: assessment.outOf)?.decimalText(places: 6) ?? ""
                }
            }
            lines.append(
                [student.name, UUIDText.string(student.id), student.schoolID ?? ""] + marks
                    + result.categories.map { $0.result?.decimalText() ?? "" }
                    + [result.overall?.decimalText() ?? "", result.letter ?? ""])
        }
        return lines.map { $0.map(CSVRosterWriter.field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The markbook as JSON: each student's marks by assessment, category results, result and letter.
    func json() throws -> String {
        struct Row: Encodable {
            let id: String
            let name: String
            let marks: [String: String]
            let categories: [String: Nullable<String>]
            let result: Nullable<String>
            let letter: Nullable<String>
        }
        return try JSONReport.text(
            rows.map { student, result in
                Row(
                    id: UUIDText.string(student.id), name: student.name,
                    marks: Dictionary(
                        assessments.compactMap { a in student.marks[a.id].map { (a.name, $0.text) } },
                        uniquingKeysWith: { first, _ in first }),
                    categories: Dictionary(
                        result.categories.map {
                            ($0.name ?? "No category", Nullable($0.result?.decimalText()))
                        },
                        uniquingKeysWith: { first, _ in first }),
                    result: Nullable(result.overall?.decimalText()), letter: Nullable(result.letter))
            })
    }
}
