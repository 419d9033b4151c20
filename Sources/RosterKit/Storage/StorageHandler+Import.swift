#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An import as one change: the roster is read once, under the lock, the import is planned against
/// it, and the new file is written.
extension StorageHandler {
    /// Runs an import planned by `plan` on the roster at `url`: shown the roster, `plan` makes it
    /// the roster after the import and returns what it did, with the students it adds at the end
    /// when that is all it does. Such a plan grows a binary file by splicing (see
    /// ``RosterCodec/appending(_:to:path:lookingFor:)``); any other is written in full, in the
    /// file's conventions. The history's summary is made from what `plan` returned.
    ///
    /// - Returns: What `plan` returned.
    /// - Throws: What `plan` throws, which cancels the change; ``StorageError``.
    static func importChange<Result>(
        at url: URL, summary: (Result) -> String?,
        _ plan: (inout [Student], inout Markbook) throws -> (result: Result, addsOnly: [Student]?)
    ) throws -> Result {
        try change(at: url) { current in
            var (students, conventions) = try current.decoded() ?? ([], .binary)
            let studentsBefore = students.count
            let markbookBefore = try markbook(of: current)
            var book = markbookBefore
            // The roster is planned in place: the students an import leaves alone are not copied.
            let (result, addsOnly) = try plan(&students, &book)
            var made = RosterChange(
                command: "import", date: Date(), studentsBefore: studentsBefore, studentsAfter: students.count
            )
            made.summary = summary(result)
            if book != markbookBefore {
                // The file's markbook came with it: the roster and the markbook are one change.
                conventions.otherFields = [:]
                let writer = try RosterCodec.fileWriter(students, conventions: conventions)
                return (.replaceWithMarkbook(with: writer, markbook: try encode(book), change: made), result)
            }
            if let added = addsOnly, let bytes = current.bytes {
                let spliced = try RosterCodec.appending(added, to: bytes, path: current.path)
                return (.replace(with: spliced.file.write, change: made), result)
            }
            return (
                .replace(with: try RosterCodec.fileWriter(students, conventions: conventions), change: made),
                result
            )
        }
    }
}
