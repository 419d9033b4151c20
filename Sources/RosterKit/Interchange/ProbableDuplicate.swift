import RosterEngine

/// A row without an id whose name and age match a student already on the roster, or another row of
/// the same file: most likely the same child, about to be added twice.
///
/// Names match by the one rule for names that ``RosterLookup`` uses (ignoring case, accents and
/// invisible characters), as `roster add` compares them, so
/// `zoe martin` matches `Zoë Martin`.
public struct ProbableDuplicate: Sendable, Equatable {
    /// The student the row would add.
    public let student: Student
    /// Where the row is in the file.
    public let source: ImportSource
    /// The student it looks like.
    public let match: Student
    /// Where that student is in the file, or `nil` when it is on the roster.
    public let matchSource: ImportSource?

    /// Every row of `imported` without an id that matches a student of `roster` or an earlier row.
    ///
    /// Each student is looked up by a hash of its folded name and its age, made without building
    /// the folded text; a hash match is confirmed by comparing the folded names.
    ///
    /// - Parameters:
    ///   - imported: The students read from the file.
    ///   - roster: The students the import adds to; empty when it replaces them.
    /// - Returns: The probable duplicates, in file order.
    static func find(in imported: RosterImporter.Result, roster: [Student]) -> [ProbableDuplicate] {
        // Files that give every row its id (exports of roster itself) cannot double anyone.
        guard imported.sources.contains(where: { !$0.hasFileID }) else { return [] }
        var folder = ScalarFolder()
        func key(_ student: Student) -> Int {
            SameName.hash(student.name, student.age, folder: &folder)
        }
        func same(_ one: Student, _ other: Student) -> Bool {
            one.age == other.age
                && SameName.fold(one.name, folder: &folder) == SameName.fold(other.name, folder: &folder)
        }
        var onRoster = [Int: Int](minimumCapacity: roster.count)
        for (index, student) in roster.enumerated() {
            let rosterKey = key(student)
            if onRoster[rosterKey] == nil { onRoster[rosterKey] = index }
        }
        var earlier = [Int: Int](minimumCapacity: imported.students.count)
        var found: [ProbableDuplicate] = []
        for (index, (student, source)) in zip(imported.students, imported.sources).enumerated() {
            let studentKey = key(student)
            if !source.hasFileID {
                if let match = onRoster[studentKey].map({ roster[$0] }), same(student, match) {
                    found.append(
                        ProbableDuplicate(student: student, source: source, match: match, matchSource: nil))
                } else if let first = earlier[studentKey], same(student, imported.students[first]) {
                    found.append(
                        ProbableDuplicate(
                            student: student, source: source, match: imported.students[first],
                            matchSource: imported.sources[first]))
                }
            }
            if earlier[studentKey] == nil { earlier[studentKey] = index }
        }
        return found
    }
}

/// Rows of an import file that look like students already there; nothing was imported.
public struct ProbableDuplicatesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rows, in file order, each with the student it looks like.
    public let duplicates: [ProbableDuplicate]

    /// A summary sentence; the rows themselves are listed one per line by the caller.
    public var description: String {
        let rows = duplicates.count == 1 ? "1 row looks" : "\(duplicates.count) rows look"
        return "Nothing was imported: \(rows) like a student already there (same name and age, no id)."
    }
}
