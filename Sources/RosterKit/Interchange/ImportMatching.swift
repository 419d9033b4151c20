import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds the student each row of an import file is, before anything is added: by id, else by the
/// school's id, else (a row with neither) by a name and age that fit exactly one student.
///
/// A matched row is that student brought up to date, so that ``ImportChanges`` keeps their id,
/// register and notes. A row without an id that fits several students, a student another row
/// already took, or an earlier row of the file, is a ``ProbableDuplicate``: most likely the same
/// child twice. The same rows match whether the roster is then replaced or added to, and in a dry
/// run as in the real one.
struct ImportMatching {
    /// The student of the roster a row is, by their place in it.
    struct Match: Equatable {
        /// The student's index in the roster.
        let index: Int
        /// Whether the row was matched by its name, whose spelling on the roster is then kept
        /// (`Zoë`, not `ZOE`).
        let byName: Bool
    }

    /// The file's students, as read.
    let rows: [Student]
    /// For each row, the student it is, or `nil` for a student to add.
    private(set) var matches: [Match?]
    /// The rows that look like a student already there but cannot be told to be them.
    private(set) var duplicates: [ProbableDuplicate] = []
    /// Whether the students found in place are those the roster's table finds.
    private var foundAsByTable = true

    /// Matches the rows of `imported` to the students of `roster`. The rows give each school id
    /// once, as ``RosterImporter`` makes sure.
    init(_ imported: RosterImporter.Result, roster: [Student]) {
        let inOrder = Self(imported, roster: roster, followingOrder: true)
        // A student found in place is the one the table finds unless the roster gives their school
        // id to an earlier student too (which roster never does itself); then match by the table.
        self = inOrder.foundAsByTable ? inOrder : Self(imported, roster: roster, followingOrder: false)
    }

    /// Matches the rows, first trying, when `followingOrder`, the student after the last one
    /// matched by school id: a school's list comes back in the order it was first imported in,
    /// and a student found in place needs no table of the whole roster.
    private init(_ imported: RosterImporter.Result, roster: [Student], followingOrder: Bool) {
        rows = imported.students
        matches = Array(repeating: nil, count: rows.count)
        let sources = imported.sources
        var index = RosterIndex(roster)
        // The students rows name by id are theirs, whatever comes before them.
        for row in rows.indices where !roster.isEmpty && sources[row].hasFileID {
            if let match = index.student(withID: rows[row].id) {
                index.claim(match)
                matches[row] = Match(index: match, byName: false)
            }
        }
        var folder = ScalarFolder()
        var earlierRows = [Int: Int]()
        var next = followingOrder ? 0 : nil
        for row in rows.indices where !sources[row].hasFileID {
            // The school id alone, not a copy of the whole row: most rows are matched by it.
            if let schoolID = rows[row].schoolID,
                let match = index.student(withSchoolID: schoolID, tryingFirst: next)
            {
                if index.claim(match) {
                    matches[row] = Match(index: match, byName: false)
                    next = next.map { _ in match + 1 }
                } else {
                    duplicate(row, sources, of: roster[match])
                }
                continue
            }
            // A name and age are looked for among the roster's students and, for a row without a
            // school id, among the earlier rows: a new school's list into an empty roster has
            // neither to look for.
            guard !roster.isEmpty || rows[row].schoolID == nil,
                rows[row].name != RosterImporter.nameToCome
            else { continue }
            matchByName(
                row, sources, roster: roster, index: &index, folder: &folder, earlierRows: &earlierRows)
        }
        foundAsByTable = index.foundInPlaceAsByTable()
    }

    /// Matches row `row`, which has no school id the roster knows, by its name and age: to the one
    /// student who has them, or as a probable duplicate of a student or an earlier row.
    private mutating func matchByName(
        _ row: Int, _ sources: [ImportSource], roster: [Student], index: inout RosterIndex,
        folder: inout ScalarFolder, earlierRows: inout [Int: Int]
    ) {
        let student = rows[row]
        let key = SameName.hash(student.name, student.age, folder: &folder)
        // A row without an age (a marks list) is the one student with its name.
        let candidates =
            (student.age == RosterImporter.ageToCome
            ? index.students(named: student, folder: &folder)
            : index.students(withKey: key, like: student, folder: &folder))
            .filter { student.schoolID == nil || roster[$0].schoolID == nil }
        if candidates.count == 1, index.claim(candidates[0]) {
            matches[row] = Match(index: candidates[0], byName: true)
        } else if let first = candidates.first {
            duplicate(row, sources, of: roster[first])
        } else if student.schoolID == nil, !roster.isEmpty, student.age != RosterImporter.ageToCome,
            let namesake = index.students(named: student, folder: &folder).first
        {
            // The same name at another age: a birthday, or another child; `add` notes such a
            // namesake, and an import asks for --allow-duplicates.
            duplicate(row, sources, of: roster[namesake])
        } else if student.schoolID == nil, let earlier = earlierRows[key],
            Self.same(student, rows[earlier], folder: &folder)
        {
            duplicates.append(
                ProbableDuplicate(
                    student: student, source: sources[row], match: rows[earlier],
                    matchSource: sources[earlier]))
        }
        if student.schoolID == nil, earlierRows[key] == nil { earlierRows[key] = row }
    }

    private mutating func duplicate(_ row: Int, _ sources: [ImportSource], of match: Student) {
        duplicates.append(
            ProbableDuplicate(student: rows[row], source: sources[row], match: match, matchSource: nil))
    }

    /// Whether two students have the same name, by the ``SameName`` rule, and the same age.
    static func same(_ one: Student, _ other: Student, folder: inout ScalarFolder) -> Bool {
        one.age == other.age
            && SameName.fold(one.name, folder: &folder) == SameName.fold(other.name, folder: &folder)
    }
}
