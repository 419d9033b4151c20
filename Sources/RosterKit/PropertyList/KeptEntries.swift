import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What some records of a roster keep besides roster's own fields, by record: ages kept as
/// written (see ``Student/writtenAge``) and other apps' keys, which ``BinaryPlistWriter`` writes
/// after the record's own values. Most rosters have none, and both tables are empty.
///
/// Made by the one rule of ``PlistValue/keptEntries(of:fileFields:)``, from the students' own
/// keys and the file's (see ``FileConventions``); the marks are left out, since the writer keeps
/// them in a table of their own.
struct KeptEntries: Sendable {
    /// The ages kept as written, by record.
    private(set) var writtenAges: [Int: String] = [:]
    /// The keys of other apps, by record, in the order the record keeps them.
    private(set) var others: [Int: [PlistEntry]] = [:]

    /// Nothing kept: a roster of roster's own fields.
    init() {}

    /// What `students` keep, with the other keys of the file they were read from.
    init(_ students: [Student], conventions: FileConventions) {
        let fileHasOthers = !conventions.otherFields.isEmpty
        for index in students.indices {
            let fileFields = fileHasOthers ? conventions.otherFields[students[index].id] ?? [] : []
            guard !students[index].otherFields.isEmpty || !fileFields.isEmpty else { continue }
            let kept = PlistValue.keptEntries(of: students[index], fileFields: fileFields)
            note(kept.writtenAge, kept.others, at: index)
        }
    }

    /// What a stored roster's records keep: their written ages, and the file's other keys.
    init(_ roster: StoredRoster, conventions: FileConventions) {
        let fileHasOthers = !conventions.otherFields.isEmpty
        for index in 0..<roster.count {
            let fileFields = fileHasOthers ? conventions.otherFields[roster.id(at: index)] ?? [] : []
            let writtenAge = roster.writtenAge(at: index)
            guard writtenAge != nil || !fileFields.isEmpty else { continue }
            note(writtenAge, PlistValue.otherEntries(own: [], file: fileFields), at: index)
        }
    }

    /// Keeps what one record keeps, but its marks, which the writer keeps in a table of their own.
    private mutating func note(_ writtenAge: String?, _ entries: [PlistEntry], at index: Int) {
        if let writtenAge { writtenAges[index] = writtenAge }
        let others = entries.filter { !MarkCoding.isMarks($0) }
        if !others.isEmpty { self.others[index] = others }
    }

    /// The other keys of every record, each once, in the order first met: the file writes each
    /// once and every record refers to it.
    var keys: [String] {
        var (seen, keys) = (Set<String>(), [String]())
        for index in others.keys.sorted() {
            for entry in others[index] ?? [] where seen.insert(entry.key).inserted { keys.append(entry.key) }
        }
        return keys
    }
}
