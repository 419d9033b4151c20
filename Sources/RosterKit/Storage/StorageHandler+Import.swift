#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An import as one change: the roster is read once, under the lock, the import is planned against
/// it, and the new file is written.
extension StorageHandler {
    /// What an import makes of the roster it is shown.
    struct ImportPlan {
        /// The whole roster after the import.
        let roster: [Student]
        /// The students it adds at the end, when that is all it does; `nil` otherwise.
        let addsOnly: [Student]?
    }

    /// Runs an import planned by `plan` on the roster at `url`. A plan that only adds students
    /// grows a binary file by splicing (see ``RosterCodec/appending(_:to:path:lookingFor:)``);
    /// any other is written in full, in the file's conventions.
    ///
    /// - Throws: What `plan` throws, which cancels the change; ``StorageError``.
    static func importChange(at url: URL, _ plan: ([Student]) throws -> ImportPlan) throws {
        try change(at: url) { current in
            let (students, conventions) = try current.decoded() ?? ([], .binary)
            let planned = try plan(students)
            let made = RosterChange(
                command: "import", date: Date(), studentsBefore: students.count,
                studentsAfter: planned.roster.count)
            if let added = planned.addsOnly, let bytes = current.bytes {
                let spliced = try RosterCodec.appending(added, to: bytes, path: current.path)
                return (.replace(with: spliced.file.write, change: made), ())
            }
            return (
                .replace(
                    with: try RosterCodec.fileWriter(planned.roster, conventions: conventions), change: made),
                ()
            )
        }
    }
}
