#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an import does to the roster: the students it adds, changes and marks as leaving, and how
/// many it leaves as they were.
///
/// A row of the file is matched to a student of the roster by id, else by school id, else by a
/// name and age that fit exactly one student (see ``ProbableDuplicate`` for the rows that fit
/// more); a matched row brings that student up to date, and any other is added. With `replace`,
/// the students the file does not list leave the class today: they keep their marks and stay in
/// the file (see ``Student/left``), so no register of the term changes; an import never erases.
/// ``RosterViewModel/importStudents(_:replace:dryRun:allowDuplicates:)`` returns this list, for a
/// dry run too, so a teacher sees the change before making it.
public struct ImportChanges: Sendable, Equatable {
    /// The students the import adds, in file order.
    public internal(set) var added: [Student] = []
    /// The students who leave the class because the file does not list them (only with
    /// `replace`), as they will be kept, in roster order.
    public internal(set) var leaving: [Student] = []
    /// The students whose values the file changes, each before and after, in file order.
    public internal(set) var updated: [StudentEdit] = []
    /// How many students of the file are on the roster already with the same values.
    public internal(set) var unchangedCount = 0
    /// The rows without an id that look like a student already there but cannot be matched to
    /// one; see ``ProbableDuplicate``.
    public internal(set) var probableDuplicates: [ProbableDuplicate] = []

    /// The rows that would add a student but give no age, which a student needs.
    var rowsWithoutAge: [ImportProblem] = []

    /// Whether the import changes nothing on the roster.
    public var isEmpty: Bool { added.isEmpty && leaving.isEmpty && updated.isEmpty }

    /// Imports the rows of `imported` into `roster`, each matched to its student first (see
    /// ``ImportMatching``), and returns the changes that makes.
    static func planned(
        _ imported: RosterImporter.Result, into roster: inout [Student], replace: Bool,
        leavingOn day: SchoolDay = .today(), blankClears: Bool = false
    ) -> ImportChanges {
        let matching = ImportMatching(imported, roster: roster)
        var changes = applying(
            matching.rows, matched: matching.matches, to: &roster, replace: replace, leavingOn: day,
            clearing: blankClears ? imported.blankableFields : [])
        changes.probableDuplicates = matching.duplicates
        changes.rowsWithoutAge = matching.rows.indices.filter {
            matching.matches[$0] == nil
                && (matching.rows[$0].age == RosterImporter.ageToCome
                    || matching.rows[$0].name == RosterImporter.nameToCome)
        }.map {
            let row = matching.rows[$0]
            return imported.sources[$0].problem(
                row.name == RosterImporter.nameToCome
                    ? "No student on the roster has this row's id or school id, and adding one needs a name."
                    : "\(row.name) is not on the roster, and adding them needs an age.")
        }
        return changes
    }

    /// Imports `rows` into `roster`, each row with the student it was matched to, and returns
    /// the changes that makes.
    ///
    /// Without `replace` the roster keeps its order, with updated students in their places and new
    /// ones at the end; with `replace` it is the file's students in file order. A student the file
    /// leaves as they were is not touched, so an import that changes a few students of a large
    /// roster copies none of the others.
    static func applying(
        _ rows: [Student], matched matches: [ImportMatching.Match?], to roster: inout [Student],
        replace: Bool, leavingOn day: SchoolDay = .today(), clearing: Set<RosterImporter.BlankableField> = []
    ) -> ImportChanges {
        var rows = rows
        var changes = ImportChanges()
        // The common first import, into an empty roster, adds everything as it is.
        guard !roster.isEmpty else {
            (changes.added, roster) = (rows, rows)
            return changes
        }
        // Only a replacing import needs to know who was kept: the rest leave.
        var kept = replace ? Array(repeating: false, count: roster.count) : []
        var replacing: [Student] = []
        replacing.reserveCapacity(replace ? rows.count : 0)
        // By index, so that a row is looked at where it is rather than copied out first.
        for (row, match) in matches.enumerated() {
            guard let match else {
                changes.added.append(rows[row])
                if replace { replacing.append(rows[row]) }
                continue
            }
            if replace { kept[match.index] = true }
            // Changed only when it differs: a row taken for a change would copy all the rows.
            if let written = writtenSchoolID(of: roster[match.index], for: rows[row]) {
                rows[row].schoolID = written
            }
            let student = changes.update(
                roster[match.index], from: rows[row], keepingName: match.byName, clearing: clearing)
            if replace {
                replacing.append(student ?? roster[match.index])
            } else if let student {
                roster[match.index] = student
            }
        }
        if replace {
            replacing += changes.leavers(of: roster, kept: kept, on: day)
            roster = replacing
        } else {
            roster += changes.added
        }
        return changes
    }

    /// The school id as first written, when the row gives the same one written otherwise: a
    /// spreadsheet's `421` is the roster's `00421`.
    private static func writtenSchoolID(of student: Student, for row: Student) -> String? {
        guard let written = student.schoolID, let given = row.schoolID, written != given,
            SameSchoolID.matches(written, given)
        else { return nil }
        return written
    }

    /// `before` as the file's `row` leaves them, noted as updated; `nil`, counted as unchanged,
    /// when the row leaves them as they are.
    private mutating func update(
        _ before: Student, from row: Student, keepingName: Bool, clearing: Set<RosterImporter.BlankableField>
    ) -> Student? {
        // Most rows of a school's list leave their student as they are: found without a copy.
        if clearing.isEmpty, row.leaves(before, keepingName: keepingName) {
            unchangedCount += 1
            return nil
        }
        let student = Self.updating(before, from: row, keepingName: keepingName, clearing: clearing)
        guard student != before else {
            unchangedCount += 1
            return nil
        }
        updated.append(StudentEdit(before: before, after: student))
        return student
    }

    /// The students of `roster` a replacing import did not keep: a student who left before stays
    /// as they are; the others leave on `day`, marks and all, and are noted as leaving.
    private mutating func leavers(of roster: [Student], kept: [Bool], on day: SchoolDay) -> [Student] {
        roster.indices.filter { !kept[$0] }.map { index in
            var student = roster[index]
            if student.left == nil {
                student.left = day
                leaving.append(student)
            }
            return student
        }
    }

    /// `before` brought up to date by the file's `row`: with their id (and, matched by name, their
    /// spelling of it), and their register, the file's marks added to it, a lesson the file marks
    /// taking the file's mark, so a spreadsheet with no register loses none; so are their grade,
    /// score, school id, name parts, note and other apps' keys, unless the file gives new ones: a
    /// column the file does not have, or a blank cell, changes nothing (unless `clearing` names the
    /// field: then the file's blank clears it). See
    /// ``Student/leaves(_:keepingName:)`` for the rows that change nothing.
    static func updating(
        _ before: Student, from row: Student, keepingName: Bool,
        clearing: Set<RosterImporter.BlankableField> = []
    ) -> Student {
        var student = row
        student.id = before.id
        if row.age == RosterImporter.ageToCome { student.age = before.age }
        student.grade = row.grade ?? before.grade
        student.score = row.score ?? before.score
        if keepingName || row.name == RosterImporter.nameToCome { student.name = before.name }
        if !before.attendance.isEmpty {
            student.attendance = before.attendance.merging(student.attendance) { _, file in file }
        }
        if student.otherFields.isEmpty { student.otherFields = before.otherFields }
        // A file without marks leaves the student's marks as they are.
        if row.marks.isEmpty, !before.marks.isEmpty { student.marks = before.marks }
        if !before.details.isEmpty {
            student.details = before.details.merging(student.details)
        }
        // Asked to, a blank cell of a column the file has clears the value.
        if clearing.contains(.grade) { student.grade = row.grade }
        if clearing.contains(.score) { student.score = row.score }
        for case .detail(let detail) in clearing { student[detail] = row[detail] }
        return student
    }
}

extension ImportChanges {
    /// Gives the students this import adds, and who came without a joining day, `day` as theirs,
    /// both here and in `roster`.
    mutating func join(on day: SchoolDay, in roster: inout [Student]) {
        var joining = Set<UUID>()
        for index in added.indices where added[index].joined == nil {
            added[index].joined = day
            joining.insert(added[index].id)
        }
        guard !joining.isEmpty else { return }
        for index in roster.indices where joining.contains(roster[index].id) { roster[index].joined = day }
    }
}

extension Student {
    /// Whether this row of an import file leaves `student` as they are: brought up to date by
    /// it, they would be the same in every field. Told without making the updated student.
    ///
    /// - Parameters:
    ///   - student: The student of the roster the row was matched to.
    ///   - keepingName: Whether the student keeps their spelling of the name.
    func leaves(_ student: Student, keepingName: Bool) -> Bool {
        (age == student.age || age == RosterImporter.ageToCome) && (grade == nil || grade == student.grade)
            && (score == nil || score == student.score)
            && (keepingName || name == student.name || name == RosterImporter.nameToCome)
            && (otherFields.isEmpty || otherFields == student.otherFields)
            && student.details.keeps(details)
            && attendance.allSatisfy { student.attendance[$0.key] == $0.value }
    }
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
