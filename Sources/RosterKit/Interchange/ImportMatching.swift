import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds the student each row of an import file is, before anything is added: by id, else by the
/// school's id, else (a row with neither) by a name and age that fit exactly one student.
///
/// A matched row takes its student's id, so that ``ImportChanges`` updates that student and keeps
/// their register and notes. A row without an id that fits several students, a student another
/// row already took, or an earlier row of the file, is a ``ProbableDuplicate``: most likely the
/// same child twice. The same rows match whether the roster is then replaced or added to, and in a
/// dry run as in the real one.
struct ImportMatching {
    /// The file's students, each matched row carrying its student's id.
    private(set) var students: [Student]
    /// The rows that look like a student already there but cannot be told to be them.
    private(set) var duplicates: [ProbableDuplicate] = []

    /// Matches the rows of `imported` to the students of `roster`.
    init(_ imported: RosterImporter.Result, roster: [Student]) {
        students = imported.students
        let sources = imported.sources
        // Files that give every row its id (exports of roster itself) need no matching.
        guard sources.contains(where: { !$0.hasFileID }) else { return }
        var index = RosterIndex(roster)
        // The students rows name by id are theirs, whatever comes before them.
        for row in students.indices where sources[row].hasFileID { index.claim(id: students[row].id) }
        var folder = ScalarFolder()
        var earlierRows = [Int: Int](minimumCapacity: students.count)
        for row in students.indices where !sources[row].hasFileID {
            let student = students[row]
            if let schoolID = student.schoolID, let match = index.student(withSchoolID: schoolID) {
                if index.claim(match) {
                    students[row].id = roster[match].id
                } else {
                    duplicate(row, sources, of: roster[match])
                }
                continue
            }
            let key = SameName.hash(student.name, student.age, folder: &folder)
            let candidates = index.students(withKey: key, like: student, folder: &folder)
                .filter { student.schoolID == nil || roster[$0].schoolID == nil }
            if candidates.count == 1, index.claim(candidates[0]) {
                // The same name to a teacher: the roster's spelling (`Zoë`, not `ZOE`) is kept.
                students[row].id = roster[candidates[0]].id
                students[row].name = roster[candidates[0]].name
            } else if let first = candidates.first {
                duplicate(row, sources, of: roster[first])
            } else if student.schoolID == nil, let earlier = earlierRows[key],
                Self.same(student, students[earlier], folder: &folder)
            {
                duplicates.append(
                    ProbableDuplicate(
                        student: student, source: sources[row], match: students[earlier],
                        matchSource: sources[earlier]))
            }
            if student.schoolID == nil, earlierRows[key] == nil { earlierRows[key] = row }
        }
    }

    private mutating func duplicate(_ row: Int, _ sources: [ImportSource], of match: Student) {
        duplicates.append(
            ProbableDuplicate(student: students[row], source: sources[row], match: match, matchSource: nil))
    }

    /// Whether two students have the same name, by the ``SameName`` rule, and the same age.
    static func same(_ one: Student, _ other: Student, folder: inout ScalarFolder) -> Bool {
        one.age == other.age
            && SameName.fold(one.name, folder: &folder) == SameName.fold(other.name, folder: &folder)
    }

    /// The roster's students by id, by school id and by name and age, each made when first asked,
    /// and which students a row has matched already.
    private struct RosterIndex {
        let roster: [Student]
        private var byID: [UUID: Int]?
        private var bySchoolID: [String: Int]?
        private var byKey: [Int: [Int]]?
        /// Whether a row took each student: a flag a student, since a school's import claims them all.
        private var claimed: [Bool]

        init(_ roster: [Student]) {
            self.roster = roster
            claimed = Array(repeating: false, count: roster.count)
        }

        /// Marks the student a row names by id as taken.
        mutating func claim(id: UUID) {
            if byID == nil {
                byID = [UUID: Int](minimumCapacity: roster.count)
                for (index, student) in roster.enumerated() { byID?[student.id] = index }
            }
            if let index = byID?[id] { claimed[index] = true }
        }

        /// Marks the student at `index` as taken; `false` when a row took them already.
        mutating func claim(_ index: Int) -> Bool {
            defer { claimed[index] = true }
            return !claimed[index]
        }

        mutating func student(withSchoolID schoolID: String) -> Int? {
            if bySchoolID == nil {
                var table = [String: Int](minimumCapacity: roster.count)
                for (index, student) in roster.enumerated() {
                    if let id = student.schoolID, table[id] == nil { table[id] = index }
                }
                bySchoolID = table
            }
            return bySchoolID?[schoolID]
        }

        /// The students with `student`'s name and age, confirmed by comparing the folded names.
        mutating func students(withKey key: Int, like student: Student, folder: inout ScalarFolder) -> [Int] {
            // Into an empty roster, as most first imports go, no row has a candidate to look for.
            guard !roster.isEmpty else { return [] }
            if byKey == nil {
                var table = [Int: [Int]](minimumCapacity: roster.count)
                for (index, other) in roster.enumerated() {
                    table[SameName.hash(other.name, other.age, folder: &folder), default: []].append(index)
                }
                byKey = table
            }
            return (byKey?[key] ?? []).filter { ImportMatching.same(student, roster[$0], folder: &folder) }
        }
    }
}
