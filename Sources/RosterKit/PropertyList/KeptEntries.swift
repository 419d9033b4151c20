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
        for index in students.indices
        where !students[index].otherFields.isEmpty
            || (fileHasOthers && conventions.otherFields[students[index].id] != nil)
        {
            let kept = PlistValue.keptEntries(
                of: students[index], fileFields: conventions.otherFields[students[index].id] ?? [])
            note(kept.writtenAge, kept.others.filter { !MarkCoding.isMarks($0) }, at: index)
        }
    }

    /// What a stored roster's records keep: their written ages, and the file's other keys.
    init(_ roster: StoredRoster, conventions: FileConventions) {
        for index in 0..<roster.count {
            let fileFields =
                conventions.otherFields.isEmpty ? [] : conventions.otherFields[roster.id(at: index)] ?? []
            let writtenAge = roster.writtenAge(at: index)
            guard writtenAge != nil || !fileFields.isEmpty else { continue }
            note(
                writtenAge, fileFields.filter { !PlistValue.isAge($0) && !MarkCoding.isMarks($0) }, at: index)
        }
    }

    private mutating func note(_ writtenAge: String?, _ entries: [PlistEntry], at index: Int) {
        if let writtenAge { writtenAges[index] = writtenAge }
        if !entries.isEmpty { others[index] = entries }
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
