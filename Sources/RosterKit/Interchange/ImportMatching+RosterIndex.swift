import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ImportMatching {
    /// The roster's students by id, by school id and by name and age, each table made when first
    /// needed, and which students a row has matched already.
    struct RosterIndex {
        let roster: [Student]
        private var byID: [UUID: Int]?
        private var bySchoolID: [String: Int]?
        private var byKey: [Int: [Int]]?
        private var byName: [Int: [Int]]?
        /// Whether a row took each student: a flag a student, since a school's import claims them all.
        private var claimed: [Bool]
        /// The students found by school id where a row expected them, without the table.
        private var foundInPlace: [Int] = []

        init(_ roster: [Student]) {
            self.roster = roster
            claimed = Array(repeating: false, count: roster.count)
        }

        /// The student with the id `id`; the last of them, should the roster give it twice.
        mutating func student(withID id: UUID) -> Int? {
            if byID == nil {
                var table = [UUID: Int](minimumCapacity: roster.count)
                for (index, student) in roster.enumerated() { table[student.id] = index }
                byID = table
            }
            return byID?[id]
        }

        /// Marks the student at `index` as taken; `false` when a row took them already.
        @discardableResult
        mutating func claim(_ index: Int) -> Bool {
            defer { claimed[index] = true }
            return !claimed[index]
        }

        /// The first student with the school id `schoolID`, looked for at `expected` before the
        /// whole roster is looked up.
        ///
        /// A student found at `expected` is remembered, and ``foundInPlaceAsByTable()`` tells
        /// whether the table would have found each of them too.
        mutating func student(withSchoolID schoolID: String, tryingFirst expected: Int?) -> Int? {
            let key = SameSchoolID.key(schoolID)
            if let expected, expected < roster.count, roster[expected].schoolID.map(SameSchoolID.key) == key {
                foundInPlace.append(expected)
                return expected
            }
            return schoolIDTable()[key]
        }

        /// Whether every student found in place is the first of the roster with their school id,
        /// as the table finds them.
        ///
        /// When every student with a school id was found in place, no two of them share one: the
        /// rows give each school id once (``RosterImporter`` refuses a file that gives one twice),
        /// and each row took a different student. Otherwise the table is asked.
        mutating func foundInPlaceAsByTable() -> Bool {
            guard !foundInPlace.isEmpty else { return true }
            if bySchoolID == nil, foundInPlace.count == roster.count(where: { $0.schoolID != nil }) {
                return true
            }
            let table = schoolIDTable()
            return foundInPlace.allSatisfy { index in
                roster[index].schoolID.map { table[SameSchoolID.key($0)] == index } ?? false
            }
        }

        /// The first student with each school id.
        private mutating func schoolIDTable() -> [String: Int] {
            if let bySchoolID { return bySchoolID }
            var table = [String: Int](minimumCapacity: roster.count)
            for (index, student) in roster.enumerated() {
                if let id = student.schoolID.map(SameSchoolID.key), table[id] == nil { table[id] = index }
            }
            bySchoolID = table
            return table
        }

        /// The students with `student`'s name, whatever their age, confirmed by comparing the
        /// folded names: a row with a roster student's name but another age may be them.
        mutating func students(named student: Student, folder: inout ScalarFolder) -> [Int] {
            if byName == nil {
                var table = [Int: [Int]](minimumCapacity: roster.count)
                for (index, other) in roster.enumerated() {
                    table[SameName.hash(other.name, 0, folder: &folder), default: []].append(index)
                }
                byName = table
            }
            let wanted = SameName.fold(student.name, folder: &folder)
            return (byName?[SameName.hash(student.name, 0, folder: &folder)] ?? []).filter {
                SameName.fold(roster[$0].name, folder: &folder) == wanted
            }
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
