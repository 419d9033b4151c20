import RosterEngine
import RosterKit

/// The markbook as a table, CSV (as gradebooks export it) or JSON: a row per student.
///
/// Each student's result is worked out as their row is written and let go, so that a class of
/// 100,000 never holds every line of every result at once.
struct GradesReport {
    let calculator: MarkbookCalculator
    /// The students, in the order of the rows.
    let students: [Student]
    /// The categories' names, as the results list them; none when the class has no category,
    /// where the one group of all assessments is the result itself. Worked out once, not a row.
    private let categories: [String]

    init(calculator: MarkbookCalculator, students: [Student]) {
        (self.calculator, self.students) = (calculator, students)
        categories =
            calculator.markbook.categories.isEmpty
            ? [] : calculator.result(for: [:]).categories.map { $0.name ?? "No category" }
    }

    /// Each student with their result, worked out one by one as the rows are read.
    private var rows: LazyMapSequence<[Student], (student: Student, result: StudentResult)> {
        students.lazy.map { [calculator] student in (student, calculator.result(for: student)) }
    }

    private var assessments: [Assessment] { calculator.assessments }

    /// What a reader of the table should know: weights that do not add up to 100, assessments
    /// that do not count.
    var notes: [String] {
        var notes = MarkbookText.weightsNote(calculator.markbook).map { [$0] } ?? []
        // The calculator says which assessments do not count: those whose lines are outside the weights.
        let outside = calculator.result(for: [:]).lines.filter { $0.status == .outsideWeights }.map(
            \.assessment)
        if !outside.isEmpty {
            notes.append(
                "\(NameList.joined(outside.map { VisibleText.of($0.name) })) \(outside.count == 1 ? "is" : "are") "
                    + "in no weighted category and \(outside.count == 1 ? "does" : "do") not count.")
        }
        return notes
    }

    /// The table: names, as many assessments as fit `width`, each category, the result and the letter.
    func table(width: Int) -> String {
        let tail =
            categories.map { $0.uppercased() } + ["RESULT"]
            + (calculator.markbook.scale == nil ? [] : ["LETTER"])
        // The rows are worked out a part of the class per core, each result let go with its row,
        // with cells only for the assessments that could fit.
        let candidates = mostAssessmentsFitting(width, beside: tail)
        // Each row: the name, the candidates' cells, then the tail's.
        let rows = ParallelWork.parts(count: students.count) { [self] range in
            range.map { index in
                let result = calculator.result(for: students[index])
                return [VisibleText.of(students[index].name)]
                    + (0..<candidates).map { cell(result.line(at: $0)) }
                    + categoryResults(result).map { $0.map { $0.decimalText() + "%" } ?? "-" }
                    + [result.overall.map { $0.decimalText() + "%" } ?? "-"]
                    + (calculator.markbook.scale == nil ? [] : [result.letter ?? "-"])
            }
        }.flatMap { $0 }
        let titles = ["NAME"] + assessments.prefix(candidates).map { VisibleText.of($0.name) } + tail
        let widths = MarkbookText.widths(titles, rows)
        let tailColumns = Array(1 + candidates..<titles.count)
        var used = min(TableFit.shortestName, widths[0]) + tailColumns.reduce(0) { $0 + widths[$1] + 2 }
        // Assessments are shown left to right while they fit beside names of 12 characters or more.
        var shown = 0
        while shown < candidates, used + widths[1 + shown] + 2 <= width {
            used += widths[1 + shown] + 2
            shown += 1
        }
        var text = MarkbookText.table(
            titles, rows, columns: [0] + Array(1..<1 + shown) + tailColumns, widths: widths, width: width,
            numbers: true)
        let hidden = assessments.count - shown
        if hidden > 0 {
            text += "(\(hidden) more assessment\(hidden == 1 ? "" : "s"): --format csv shows them all.)\n"
        }
        return text
    }

    /// The most assessments that could be shown at `width` beside the `tail` columns: each takes at
    /// least its title's width, as names take at least theirs. Cells of the others are never made.
    private func mostAssessmentsFitting(_ width: Int, beside tail: [String]) -> Int {
        var used = tail.reduce(DisplayWidth.of("NAME")) { $0 + DisplayWidth.of($1) + 2 }
        var count = 0
        while count < assessments.count {
            used += DisplayWidth.of(VisibleText.of(assessments[count].name)) + 2
            guard used <= width else { break }
            count += 1
        }
        return count
    }

    /// Each category's result, in the order of ``categories``.
    private func categoryResults(_ result: StudentResult) -> [Fraction?] {
        categories.isEmpty ? [] : result.categories.map(\.result)
    }

    private func cell(_ line: MarkLine) -> String {
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

    /// The most assessments a printed page shows; more go on pages of their own, names repeated.
    static let assessmentsPerPage = 10

    /// The markbook as a page to print: names, marks (a dropped one in brackets), each category,
    /// the result and the letter; assessments beyond ``assessmentsPerPage`` go on pages of their
    /// own with the names repeated, and a wide table turns the paper.
    func html(_ page: HTMLPage) -> String {
        let starts = Array(stride(from: 0, to: max(assessments.count, 1), by: Self.assessmentsPerPage))
        let letters = calculator.markbook.scale != nil
        let landscape = min(assessments.count, Self.assessmentsPerPage) + categories.count + 2 > 8
        let perPage = landscape ? HTMLPage.rowsPerLandscapePage : HTMLPage.rowsPerPage
        var body = ""
        for (number, start) in starts.enumerated() {
            let shown = Array(assessments[start..<min(start + Self.assessmentsPerPage, assessments.count)])
            let last = number == starts.count - 1
            let tail = last ? categories + ["Result"] + (letters ? ["Letter"] : []) : []
            let columns = ["Name"] + shown.map { "\($0.name) /\($0.outOf)" } + tail
            var cells: [[String]] = []
            for row in rows {
                var line = [row.student.name] + row.result.lines[start..<start + shown.count].map(cell)
                if last {
                    line += categoryResults(row.result).map { $0.map { $0.decimalText() + "%" } ?? "-" }
                    line.append(row.result.overall.map { $0.decimalText() + "%" } ?? "-")
                    if letters { line.append(row.result.letter ?? "-") }
                }
                cells.append(line)
            }
            let part =
                starts.count == 1
                ? page
                : HTMLPage(
                    title: page.title, date: page.date,
                    subject:
                        "\(page.subject), assessments \(start + 1)–\(start + shown.count) of \(assessments.count)"
                )
            body += part.tables(columns: columns, rows: cells, names: 0, perPage: perPage)
        }
        return page.document(body, landscape: landscape)
    }

    /// The markbook as gradebooks export it: a row per student with each assessment's points
    /// (`EX`, `MI`, or empty when blank), each category's result, the result and the letter,
    /// after a `Points Possible` row of the maximums.
    func csv() -> String {
        let header =
            ["Student", "ID", "SIS User ID"] + assessments.map { VisibleText.of($0.name) }
            + categories.map { "\(VisibleText.of($0)) (%)" }
            + ["Result (%)", "Letter"]
        let possible =
            ["Points Possible", "", ""] + assessments.map(\.outOf.description)
            + categories.map { _ in "" } + ["", ""]
        let line: @Sendable ([String]) -> String = {
            $0.map(CSVRosterWriter.field).joined(separator: ",") + "\r\n"
        }
        // Each part of the class makes its own lines, so that only the parts are joined at the end.
        let rows = ParallelWork.parts(count: students.count) { [self] range in
            range.map { line(csvRow(students[$0])) }.joined()
        }
        return line(header) + line(possible) + rows.joined()
    }

    /// One student's row of the gradebook CSV.
    private func csvRow(_ student: Student) -> [String] {
        // A student's marks are read from their record once, with their result.
        let result = calculator.result(for: student)
        let marks = assessments.indices.map { position -> String in
            let assessment = assessments[position]
            guard let mark = result.line(at: position).mark else { return "" }
            switch mark {
            case .excused: return "EX"
            case .missing: return "MI"
            default: return mark.points(outOf: assessment.outOf)?.decimalText(places: 6) ?? ""
            }
        }
        // A name is shown as list's CSV shows it, controls escaped; the id says who it is.
        return [
            VisibleText.of(student.name), UUIDText.string(student.id), VisibleText.of(student.schoolID ?? ""),
        ] + marks
            + categoryResults(result).map { $0?.decimalText() ?? "" }
            + [result.overall?.decimalText() ?? "", result.letter ?? ""]
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
                let given = student.marks
                return Row(
                    id: UUIDText.string(student.id), name: student.name,
                    marks: Dictionary(
                        assessments.compactMap { a in given[a.id].map { (a.name, $0.text) } },
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
