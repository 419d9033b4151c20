#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RosterViewModel {
    /// Brings the students read from an import file onto the roster, in one write.
    ///
    /// A student whose id is already on the roster is updated; the others are added. With
    /// `replace`, the students the file does not list are removed. Rows without an id that look like
    /// a student already there (see ``ProbableDuplicate``) stop the import unless `allowDuplicates`.
    ///
    /// - Parameters:
    ///   - imported: What ``RosterImporter/read(_:format:)`` returned.
    ///   - replace: Whether the file's students become the whole roster.
    ///   - dryRun: Whether to only work out the changes, writing nothing.
    ///   - allowDuplicates: Whether to import probable duplicates as new students.
    /// - Returns: What the import changed, or for a dry run would change, probable duplicates
    ///   included.
    /// - Throws: ``ProbableDuplicatesError`` when rows look like students already there (never for a
    ///   dry run); ``StorageError`` when the file cannot be changed. Nothing is written then.
    @discardableResult
    public func importStudents(
        _ imported: RosterImporter.Result, replace: Bool, dryRun: Bool = false, allowDuplicates: Bool = false
    ) throws -> ImportChanges {
        // Replacing compares the file's rows only with each other, so the roster is read once, by the write.
        let current = replace && !dryRun ? [] : try StorageHandler.load(from: fileURL)
        var (_, changes) = ImportChanges.applying(imported.students, to: current, replace: replace)
        changes.probableDuplicates = ProbableDuplicate.find(in: imported, roster: replace ? [] : current)
        if dryRun { return changes }
        if !allowDuplicates, !changes.probableDuplicates.isEmpty {
            throw ProbableDuplicatesError(duplicates: changes.probableDuplicates)
        }
        let found = changes.probableDuplicates
        if !replace, changes.updated.isEmpty, changes.unchangedCount == 0 {
            do {
                // Only new students: the fast path grows the file without encoding it again.
                try StorageHandler.append(imported.students, to: fileURL, command: "import")
                // Assigned rather than appended when nothing was loaded, to share the array.
                if students.isEmpty { students = imported.students } else { students += imported.students }
                return changes
            } catch is AppendConflict {
                // Another process added one of these ids since the roster was read: merge instead.
            }
        }
        students = try StorageHandler.update(at: fileURL, command: "import") { roster in
            (roster, changes) = ImportChanges.applying(imported.students, to: roster, replace: replace)
        }
        changes.probableDuplicates = found
        return changes
    }
}
