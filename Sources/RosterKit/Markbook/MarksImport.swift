import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What bringing a ``MarksTable`` into the markbook changes: the assessments it makes and each
/// mark that changes, worked out before anything is written, so that a dry run shows the same.
public struct MarksImport: Sendable, Equatable {
    /// One mark the import changes.
    ///
    /// An import can change millions of marks, so a change names its assessment by its place
    /// in ``MarksImport/assessments``, not by a copy of it.
    public struct Change: Sendable, Equatable {
        /// The student's name.
        public let student: String
        /// The student's id.
        public let studentID: UUID
        /// Where the assessment is in ``MarksImport/assessments``: the file's column.
        public let column: Int
        /// The mark before, or `nil` when blank.
        public let before: Mark?
        /// The mark the file gives.
        public let after: Mark
    }

    /// The assessment of each of the file's columns, found in the markbook or made, in file order.
    public private(set) var assessments: [Assessment] = []
    /// The assessments the file names that the markbook did not have, made by the import.
    public private(set) var newAssessments: [Assessment] = []
    /// Each mark that changes, row by row.
    public private(set) var changes: [Change] = []

    /// The assessment `change` gives a mark on.
    public func assessment(of change: Change) -> Assessment {
        assessments[change.column]
    }

    /// How many of the changed marks are above their assessment's maximum: extra credit, as a
    /// gradebook gives it, counted whole in every result.
    public var extraCredit: Int {
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
    public init(
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
        changes = try Self.apply(
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

    /// Applies `rows` of marks on `columns` to the students they name, and returns each change.
    ///
    /// Each row is read and checked a part of the file per core, against the students as they
    /// were; only a file naming a student twice is read again, row after row, so that the later
    /// row sees what the earlier one gave.
    private static func apply(
        _ rows: [MarksTable.Row], on columns: [Assessment], extraCredit: Bool, to students: inout [Student]
    )
        throws(ImportProblem) -> [Change]
    {
        let index = StudentIndex(students)
        // Read in a call of its own, so that no copy of the students is left to share their
        // storage when they change below.
        let parts = readInParts(rows, on: columns, extraCredit: extraCredit, index: index, students: students)
        var (made, changes) = ([RowChange](), [Change]())
        let done = try parts.map { part throws(ImportProblem) in try part.get() }
        // Reserved whole: a list grown by doubling would peak at twice the memory of its marks.
        changes.reserveCapacity(done.reduce(0) { $0 + $1.changes.count })
        for part in done {
            made.append(contentsOf: part.rows)
            changes.append(contentsOf: part.changes)
        }
        guard Set(made.map(\.position)).count != made.count else {
            for row in made {
                if let entries = row.entries { students[row.position].setMarkEntries(entries) }
            }
            return changes
        }
        changes = []
        for row in rows {
            let made = try change(
                of: row, on: columns, extraCredit: extraCredit, index: index, students: students,
                into: &changes)
            if let entries = made.entries { students[made.position].setMarkEntries(entries) }
        }
        return changes
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
                            of: rows[row], on: columns, extraCredit: extraCredit, index: index,
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

    /// Reads one row against `students`: every cell that is not blank a mark on its column's
    /// assessment, each change appended to `changes`.
    private static func change(
        of row: MarksTable.Row, on assessments: [Assessment], extraCredit: Bool, index: StudentIndex,
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
            changes.append(
                Change(
                    student: students[position].name, studentID: students[position].id, column: column,
                    before: before, after: mark))
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

    /// The students by id and by school id, made once for a file of many rows.
    private struct StudentIndex {
        let byID: [UUID: Int]
        let bySchoolID: [String: Int]

        init(_ students: [Student]) {
            byID = Dictionary(
                students.indices.map { (students[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            bySchoolID = Dictionary(
                students.indices.compactMap { index in students[index].schoolID.map { ($0, index) } },
                uniquingKeysWith: { first, _ in first })
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
    /// - Throws: ``ImportProblem`` (nothing is changed then), ``StorageError``.
    public static func importMarks(
        _ table: MarksTable, outOf: Fraction? = nil, dryRun: Bool = false, at url: URL
    ) throws -> MarksImport {
        guard !dryRun else {
            var (students, book) = try StorageHandler.loadMarkbook(from: url)
            return try MarksImport(table, outOf: outOf, markbook: &book, students: &students)
        }
        var count = 0
        return try StorageHandler.updateMarkbook(
            at: url, command: "import --marks", summary: "import \(count) mark\(count == 1 ? "" : "s")"
        ) { book, students in
            let result = try MarksImport(table, outOf: outOf, markbook: &book, students: &students)
            count = result.changes.count
            return result
        }
    }
}
