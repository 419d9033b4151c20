import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What bringing a ``MarksTable`` into the markbook changes: the assessments it makes and each
/// mark that changes, worked out before anything is written, so that a dry run shows the same.
package struct MarksImport: Sendable, Equatable {
    /// One mark the import changes.
    ///
    /// An import can change millions of marks, so a change names its assessment by its place
    /// in ``MarksImport/assessments`` and its student by the file's row, not by copies of them:
    /// ``MarksImport/student(of:)`` gives the student.
    package struct Change: Sendable, Equatable {
        /// The file's row, counting the students' rows from 0 as ``MarksTable/rows`` does.
        package var row: Int { Int(storedRow) }
        /// Where the assessment is in ``MarksImport/assessments``: the file's column.
        package var column: Int { Int(storedColumn) }
        /// The mark before, or `nil` when blank.
        package var before: Mark? { storedBefore?.mark }
        /// The mark the file gives.
        package var after: Mark { storedAfter.mark }

        // Kept small: a change is one of millions (56 bytes, where four plain fields take 112).
        private let storedRow: Int32
        private let storedColumn: Int32
        private let storedBefore: CompactMark?
        private let storedAfter: CompactMark

        /// A change of row `row`'s mark in `column` from `before` to `after`.
        init(row: Int, column: Int, before: Mark?, after: Mark) {
            // Both fit: a table holds at most a million rows, and far fewer columns.
            (storedRow, storedColumn) = (Int32(clamping: row), Int32(clamping: column))
            (storedBefore, storedAfter) = (before.map(CompactMark.init), CompactMark(after))
        }
    }

    /// The student a row of the file names: their name and id.
    package struct RowStudent: Sendable, Equatable {
        /// The student's name.
        package let name: String
        /// The student's id.
        package let id: UUID
    }

    /// The assessment of each of the file's columns, found in the markbook or made, in file order.
    package private(set) var assessments: [Assessment] = []
    /// The assessments the file names that the markbook did not have, made by the import.
    package private(set) var newAssessments: [Assessment] = []
    /// Each mark that changes, row by row.
    package private(set) var changes = MarkChanges()
    /// The student each of the file's rows names, in file order.
    private var rowStudents: [RowStudent] = []

    /// The assessment `change` gives a mark on.
    package func assessment(of change: Change) -> Assessment {
        assessments[change.column]
    }

    /// The student `change` gives a mark to.
    package func student(of change: Change) -> RowStudent {
        rowStudents[change.row]
    }

    /// How many of the changed marks are above their assessment's maximum: extra credit, as a
    /// gradebook gives it, counted whole in every result.
    package var extraCredit: Int {
        changes.count { change in
            let outOf = assessments[change.column].outOf
            return change.after.points(outOf: outOf).map { $0 > outOf } ?? false
        }
    }

    /// Applies `table` to a markbook and its students: every column is an assessment found by
    /// Canvas's number or by its name (ignoring case and accents), or made; every row a student
    /// found by id, school id or name; every cell that is not blank a mark, points above the
    /// maximum kept as extra credit; blank cells keep what is there.
    ///
    /// - Parameters:
    ///   - table: The marks the file holds.
    ///   - outOf: The maximum of a new assessment the file gives none for.
    ///   - markbook: The class's markbook, which gains the assessments the file makes.
    ///   - students: The class's students, whose marks change.
    /// - Throws: ``ImportProblem`` naming the line for a row that matches no student or a cell
    ///   that is not a mark on its assessment, or a column that makes an assessment without a
    ///   maximum. Nothing is changed then.
    package init(
        _ table: MarksTable, outOf: Fraction?, markbook: inout Markbook, students: inout [Student]
    ) throws {
        var assessments: [Assessment] = []
        for column in table.columns {
            if let found = try Self.existing(column, in: &markbook) {
                assessments.append(found)
                continue
            }
            guard let maximum = column.outOf ?? outOf else {
                throw ImportProblem(
                    message: "'\(column.name)' is a new assessment and the file gives no maximum for it")
            }
            // Another assessment of the name, from another of Canvas's assignments: this one is
            // named with its number, so that both stay apart.
            let taken = markbook.assessments.contains { Markbook.key($0.name) == Markbook.key(column.name) }
            var new = Assessment(
                name: taken ? "\(column.name) (\(column.canvasID ?? ""))" : column.name, outOf: maximum)
            new.canvasID = column.canvasID
            let made = try markbook.add(new)
            newAssessments.append(made)
            assessments.append(made)
        }
        (changes, rowStudents) = try Self.apply(
            table.rows, on: assessments, extraCredit: table.allowsExtraCredit, to: &students)
        self.assessments = assessments
    }

    /// The markbook's assessment for `column`: the one with its Canvas number, else the one of its
    /// name that has no other number (which then keeps this one); `nil` when there is none.
    private static func existing(_ column: MarksTable.Column, in markbook: inout Markbook) throws
        -> Assessment?
    {
        if let canvasID = column.canvasID,
            let found = markbook.assessments.first(where: { $0.canvasID == canvasID })
        {
            return found
        }
        guard
            var found = markbook.assessments.first(where: {
                Markbook.key($0.name) == Markbook.key(column.name)
            }),
            found.canvasID == nil || column.canvasID == nil
        else { return nil }
        if let canvasID = column.canvasID {
            found.canvasID = canvasID
            try markbook.update(found)
        }
        return found
    }

    /// Applies `rows` of marks on `columns` to the students they name, and returns each change
    /// and the student of each row.
    ///
    /// Each row is read and checked a part of the file per core, against the students as they
    /// were; only a file naming a student twice is read again, row after row, so that the later
    /// row sees what the earlier one gave. The parts' changes are kept as they are, never copied
    /// into one list: a list of millions of marks held twice would double the import's memory.
    private static func apply(
        _ rows: [MarksTable.Row], on columns: [Assessment], extraCredit: Bool, to students: inout [Student]
    )
        throws(ImportProblem) -> (MarkChanges, [RowStudent])
    {
        let index = StudentIndex(students, for: rows)
        // Read in a call of its own, so that no copy of the students is left to share their
        // storage when they change below.
        let parts = try readInParts(
            rows, on: columns, extraCredit: extraCredit, index: index, students: students
        )
        .map { part throws(ImportProblem) in try part.get() }
        let rowStudents = parts.flatMap(\.rows).map { row in
            RowStudent(name: students[row.position].name, id: students[row.position].id)
        }
        let positions = parts.flatMap { $0.rows.map(\.position) }
        guard Set(positions).count != positions.count else {
            for part in parts {
                for row in part.rows {
                    if let entries = row.entries { students[row.position].setMarkEntries(entries) }
                }
            }
            return (MarkChanges(parts: parts.map(\.changes)), rowStudents)
        }
        var changes: [Change] = []
        for (number, row) in rows.enumerated() {
            let made = try change(
                of: row, number: number, on: columns, extraCredit: extraCredit, index: index,
                students: students, into: &changes)
            if let entries = made.entries { students[made.position].setMarkEntries(entries) }
        }
        return (MarkChanges(parts: [changes]), rowStudents)
    }

    /// Reads `rows` against `students` a part per core; each part's changes are reserved whole,
    /// at most one per cell.
    private static func readInParts(
        _ rows: [MarksTable.Row], on columns: [Assessment], extraCredit: Bool, index: StudentIndex,
        students: [Student]
    ) -> [Result<Part, ImportProblem>] {
        ParallelWork.parts(count: rows.count) { range in
            Result { () throws(ImportProblem) -> Part in
                var part = Part()
                part.changes.reserveCapacity(
                    rows[range].reduce(0) { $0 + $1.cells.count { !$0.isEmpty } })
                for row in range {
                    part.rows.append(
                        try change(
                            of: rows[row], number: row, on: columns, extraCredit: extraCredit, index: index,
                            students: students, into: &part.changes)
                    )
                }
                return part
            }
        }
    }

    /// What a part of the rows changes.
    private struct Part: Sendable {
        var rows: [RowChange] = []
        var changes: [Change] = []
    }

    /// What one row of a marks file changes: the student it names, and their marks as they will
    /// be kept (`nil` when none changes).
    private struct RowChange: Sendable {
        let position: Int
        let entries: [PlistEntry]?
    }

    /// Reads row `number` against `students`: every cell that is not blank a mark on its column's
    /// assessment, each change appended to `changes`.
    private static func change(
        of row: MarksTable.Row, number: Int, on assessments: [Assessment], extraCredit: Bool,
        index: StudentIndex,
        students: [Student],
        into changes: inout [Change]
    ) throws(ImportProblem) -> RowChange {
        let position = try index.student(for: row, in: students)
        // A student's marks are read from their record once, and written back once.
        var marks = students[position].marks
        var changed = false
        for (column, (assessment, text)) in zip(assessments, row.cells).enumerated() where !text.isEmpty {
            let mark: Mark
            do {
                mark = try Mark(typed: text, outOf: assessment.outOf, extraCredit: extraCredit)
            } catch {
                throw ImportProblem(line: row.line, message: "\(assessment.name): \(error)")
            }
            let before = marks[assessment.id]
            // 40 points where 80% of 50 was given is the same mark: it stays as it was given.
            guard !isSame(before, mark, outOf: assessment.outOf) else { continue }
            marks[assessment.id] = mark
            changed = true
            changes.append(Change(row: number, column: column, before: before, after: mark))
        }
        return RowChange(position: position, entries: changed ? Student.markEntries(of: marks) : nil)
    }

    /// Whether `mark` gives what `before` gives: the same kind, or the same points.
    private static func isSame(_ before: Mark?, _ mark: Mark, outOf: Fraction) -> Bool {
        switch (before, mark) {
        case (.points?, .points), (.points?, .percent), (.percent?, .points), (.percent?, .percent):
            before?.points(outOf: outOf) == mark.points(outOf: outOf)
        default: before == mark
        }
    }

    /// The students by id and by school id, made once for a file of many rows, and only for the
    /// ids its rows give: a Canvas file names students by school id alone.
    private struct StudentIndex {
        let byID: [UUID: Int]
        let bySchoolID: [String: Int]

        init(_ students: [Student], for rows: [MarksTable.Row]) {
            byID =
                rows.contains { $0.id != nil }
                ? Dictionary(
                    students.indices.map { (students[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
                : [:]
            bySchoolID =
                rows.contains { $0.schoolID != nil }
                ? Dictionary(
                    students.indices.compactMap { index in students[index].schoolID.map { ($0, index) } },
                    uniquingKeysWith: { first, _ in first })
                : [:]
        }

        /// The student a row names: by the roster's id, else the school's id, else the name.
        func student(for row: MarksTable.Row, in students: [Student]) throws(ImportProblem) -> Int {
            if let id = row.id, let index = byID[id] { return index }
            if let schoolID = row.schoolID, let index = bySchoolID[schoolID] { return index }
            if let schoolID = row.schoolID, let damage = SpreadsheetDamage.message(for: schoolID) {
                throw ImportProblem(line: row.line, message: damage)
            }
            guard let name = row.name else {
                throw ImportProblem(
                    line: row.line, message: "no student on the roster has this row's id or school id")
            }
            do {
                return try RosterLookup.index(of: name, in: students)
            } catch {
                throw ImportProblem(line: row.line, message: "\(error)")
            }
        }
    }
}

extension ClassroomIntents {
    /// Brings the marks of `table` into the class, as one change and one undo step; with
    /// `dryRun`, works out the same and writes nothing.
    ///
    /// The table is taken over and let go once its marks are applied, before the roster is
    /// written: a file of a year group's rows is not held while the new roster is made.
    ///
    /// - Throws: ``ImportProblem`` (nothing is changed then), ``StorageError``.
    package static func importMarks(
        _ table: consuming MarksTable, outOf: Fraction? = nil, dryRun: Bool = false, at url: URL
    ) throws -> MarksImport {
        guard !dryRun else {
            var (students, book) = try StorageHandler.loadMarkbook(from: url)
            return try MarksImport(table, outOf: outOf, markbook: &book, students: &students)
        }
        var unapplied = Optional(table)
        let summary = { (made: MarksImport) in
            "import \(made.changes.count) mark\(made.changes.count == 1 ? "" : "s")"
        }
        return try StorageHandler.updateMarkbook(at: url, command: "import --marks", summary: summary) {
            book, students in
            guard let table = unapplied.take() else {
                throw ImportProblem(message: "the marks were applied once already")
            }
            return try MarksImport(table, outOf: outOf, markbook: &book, students: &students)
        }
    }
}
