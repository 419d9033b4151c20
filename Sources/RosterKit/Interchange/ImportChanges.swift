/// What an import does to the roster: the students it adds, removes and changes, and how many it
/// leaves as they were.
///
/// A row of the file is matched to a student of the roster by id, else by school id, else by a
/// name and age that fit exactly one student (see ``ProbableDuplicate`` for the rows that fit
/// more); a matched row brings that student up to date, and any other is added. With `replace`,
/// the students the file does not list are removed.
/// ``RosterViewModel/importStudents(_:replace:dryRun:allowDuplicates:)`` returns this list, for a
/// dry run too, so a teacher sees the change before making it.
public struct ImportChanges: Sendable, Equatable {
    /// The students the import adds, in file order.
    public internal(set) var added: [Student] = []
    /// The students the import removes (only with `replace`), in roster order.
    public internal(set) var removed: [Student] = []
    /// The students whose values the file changes, each before and after, in file order.
    public internal(set) var updated: [StudentEdit] = []
    /// How many students of the file are on the roster already with the same values.
    public internal(set) var unchangedCount = 0
    /// The rows without an id that look like a student already there but cannot be matched to
    /// one; see ``ProbableDuplicate``.
    public internal(set) var probableDuplicates: [ProbableDuplicate] = []

    /// Whether the import changes nothing on the roster.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && updated.isEmpty }

    /// The roster after importing the rows of `imported` into `roster`, each matched to its
    /// student first (see ``ImportMatching``), and the changes that makes.
    static func planned(_ imported: RosterImporter.Result, into roster: [Student], replace: Bool)
        -> (roster: [Student], changes: ImportChanges)
    {
        let matching = ImportMatching(imported, roster: roster)
        var (result, changes) = applying(matching.students, to: roster, replace: replace)
        changes.probableDuplicates = matching.duplicates
        return (result, changes)
    }

    /// The roster after importing `imported` into `roster`, and the changes that makes.
    ///
    /// Without `replace` the roster keeps its order, with updated students in their places and new
    /// ones at the end; with `replace` it is the file's students in file order. An updated
    /// student keeps their register: the file's marks are added to it, a lesson the file marks
    /// taking the file's mark, so a spreadsheet with no register loses none; so are their
    /// school id, name parts and note, unless the file gives new ones.
    static func applying(_ imported: [Student], to roster: [Student], replace: Bool)
        -> (roster: [Student], changes: ImportChanges)
    {
        var changes = ImportChanges()
        // The common first import, into an empty roster, adds everything without hashing an id.
        guard !roster.isEmpty else {
            changes.added = imported
            return (imported, changes)
        }
        var place = [UUID: Int](minimumCapacity: roster.count)
        for (index, student) in roster.enumerated() { place[student.id] = index }
        var result = replace ? [] : roster
        if replace { result.reserveCapacity(imported.count) }
        // Only a replacing import needs to know who was kept: the rest are removed.
        var kept = Set<UUID>()
        for var student in imported {
            if let index = place[student.id] {
                if replace { kept.insert(student.id) }
                let before = roster[index]
                if !before.attendance.isEmpty {
                    student.attendance = before.attendance.merging(student.attendance) { _, file in file }
                }
                if student.otherFields.isEmpty { student.otherFields = before.otherFields }
                if !before.details.isEmpty {
                    student.details = before.details.merging(student.details)
                }
                if before == student {
                    changes.unchangedCount += 1
                } else {
                    changes.updated.append(StudentEdit(before: before, after: student))
                }
                if !replace { result[index] = student }
            } else {
                changes.added.append(student)
                if !replace { result.append(student) }
            }
            if replace { result.append(student) }
        }
        if replace {
            changes.removed = roster.filter { !kept.contains($0.id) }
        }
        return (result, changes)
    }
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
