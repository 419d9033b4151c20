import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The marks a spreadsheet holds, as `roster import --marks` reads them: roster's own
/// `grades --format csv`, Canvas's gradebook export, or a plain table of names (or ids) and one
/// column per assessment.
///
/// - A student is named by an `ID` or `id` column (roster's ids; Canvas's own numbers are left
///   aside), a `SIS User ID` or `school id` column (the school's id), and a `Student` or `name`
///   column, or `LastName` and `FirstName`; Canvas writes `Student` as "Last, First", which is
///   read as "First Last".
/// - Every other column is an assessment: `Quiz 1 (12345)`, as Canvas names it, is *Quiz 1*, kept
///   with Canvas's number (``Column/canvasID``). Columns of results that a gradebook works out
///   (`Current Score`, `Final Grade`, `Override Score`, each with a group or a grading period,
///   roster's `Result (%)`, `Letter` and each category's `(%)`), Canvas's account columns
///   (`SIS Login ID`, `Integration ID`, `Root Account`, `Section`) and its custom columns are
///   left out, with a note.
/// - A row whose first cell is `Points Possible` gives each assessment's maximum; Canvas's row of
///   assignments posted by hand above it and its test student (`Student, Test`) are left out.
/// - `N/A`, Canvas's mark for work not assigned to a student, is no mark.
package struct MarksTable: Sendable, Equatable {
    /// One assessment column.
    package struct Column: Sendable, Equatable {
        /// The assessment's name, without Canvas's number.
        package let name: String
        /// The maximum the `Points Possible` row gives, or `nil`.
        package let outOf: Fraction?
        /// Canvas's number for the assignment, `12345` in `Quiz 1 (12345)`, or `nil`.
        package let canvasID: String?
    }

    /// One student's row.
    package struct Row: Sendable, Equatable {
        /// The line it is on, counting the header as line 1.
        package let line: Int
        /// The roster's id, when the row gives one.
        package let id: UUID?
        /// The school's id, when the row gives one.
        package let schoolID: String?
        /// The name, first name first, when the row gives one.
        package let name: String?
        /// Each assessment column's cell, as typed; empty for a blank cell.
        package let cells: [String]
    }

    /// The assessment columns, in file order.
    package let columns: [Column]
    /// The student rows, in file order.
    package let rows: [Row]
    /// What was left out, in words.
    package let notes: [String]
    /// Whether points above an assessment's maximum are extra credit, as Canvas gives it, rather
    /// than a mistake: true for a file Canvas's gradebook exporter wrote.
    package let allowsExtraCredit: Bool

    /// The most students a marks file may have: the header and the `Points Possible` row are
    /// not counted.
    package static let maximumRows = 1_000_000

    /// A table of `columns` and `rows` that another reader made, such as ``OneRosterGradebook``.
    init(columns: [Column], rows: [Row], notes: [String], allowsExtraCredit: Bool) {
        (self.columns, self.rows, self.notes, self.allowsExtraCredit) = (
            columns, rows, notes, allowsExtraCredit
        )
    }

    /// Reads a marks spreadsheet.
    ///
    /// Each record becomes a row as it is read, so the file's text is held once, not twice.
    ///
    /// - Throws: ``ImportProblem`` for text that is not CSV, a file without a column naming the
    ///   students, or more than ``maximumRows`` students.
    package init(csv data: Data) throws(ImportProblem) {
        try self.init(csv: data, mostStudents: Self.maximumRows)
    }

    /// Reads a marks spreadsheet of at most `mostStudents` students.
    init(csv data: Data, mostStudents: Int) throws(ImportProblem) {
        var reader = CSVReader(CSVText(data))
        let header = try reader.nextRecord()?.fields.map { ByteCursor.unguarded(csvField: $0) } ?? []
        let layout = Layout(header)
        guard
            layout.id != nil || layout.schoolID != nil || layout.name != nil
                || (layout.lastName != nil && layout.firstName != nil)
        else {
            throw ImportProblem(
                line: 1,
                message: "no column names the students: give a Student, name, ID or SIS User ID column")
        }
        var maximums: [String]?
        var rows: [Row] = []
        var leftOutTestStudent = false
        var unnamedLines: [Int] = []
        while let record = try reader.nextRecord() {
            let cell = { (column: Int?) -> String? in
                guard let column, column < record.fields.count else { return nil }
                let text = String(ByteCursor.unguarded(csvField: record.fields[column]).trimmingWhitespace())
                return text.isEmpty ? nil : text
            }
            if record.fields.first.map({ $0.trimmingWhitespace().lowercased() == "points possible" }) == true
            {
                maximums = layout.assessments.map { cell($0.column) ?? "" }
                continue
            }
            let name = layout.studentName(cell)
            let (id, schoolID) = (cell(layout.id), cell(layout.schoolID))
            // N/A: not assigned to this student, so no mark.
            let cells = layout.assessments.map { cell($0.column).flatMap { $0 == "N/A" ? nil : $0 } ?? "" }
            // A row that names no student is a gradebook's own: Canvas's row of assignments posted
            // by hand, Google Classroom's due dates.
            if name == nil, id == nil, schoolID == nil {
                if !cells.allSatisfy({ $0.isEmpty || $0.hasPrefix("Manual Posting") }) {
                    unnamedLines.append(record.line)
                }
                continue
            }
            if layout.isCanvas, name == "Test Student" {
                leftOutTestStudent = true
                continue
            }
            guard rows.count < mostStudents else {
                throw ImportProblem(message: "the file has more than \(mostStudents) students")
            }
            rows.append(
                Row(
                    line: record.line, id: id.flatMap { UUID(uuidString: $0) }, schoolID: schoolID,
                    name: name,
                    cells: cells))
        }
        let columns = try Self.columns(layout, maximums: maximums)
        var notes = layout.notes
        if leftOutTestStudent { notes.append("left out Canvas's test student (Student, Test)") }
        if !unnamedLines.isEmpty {
            let lines = unnamedLines.prefix(5).map(String.init).joined(separator: ", ")
            notes.append(
                "left out \(unnamedLines.count == 1 ? "line" : "lines") \(lines)\(unnamedLines.count > 5 ? "…" : ""), "
                    + "which name no student")
        }
        (self.columns, self.rows, self.notes) = (columns, rows, notes)
        allowsExtraCredit = layout.isCanvas
    }

    /// The assessment columns `layout` found, with the maximums of the `Points Possible` row.
    private static func columns(_ layout: Layout, maximums: [String]?) throws(ImportProblem) -> [Column] {
        var columns: [Column] = []
        for (index, assessment) in layout.assessments.enumerated() {
            guard let name = try? StudentValidator.name(assessment.name) else {
                throw ImportProblem(
                    line: 1,
                    message: "column \(assessment.column + 1) is named "
                        + "'\(VisibleText.quoted(assessment.name[...], limit: 40))', which is not a name an "
                        + "assessment can have (one line of visible text)")
            }
            let text = maximums?[index] ?? ""
            var outOf: Fraction?
            if !text.isEmpty {
                guard let value = Fraction(decimal: text), value > .zero else {
                    throw ImportProblem(
                        message:
                            "the Points Possible of '\(assessment.name)' is '\(text.prefix(20))', not a maximum above 0"
                    )
                }
                outOf = value
            }
            columns.append(Column(name: name, outOf: outOf, canvasID: assessment.canvasID))
        }
        return columns
    }
}
