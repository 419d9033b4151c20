#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The class's markbook, kept beside its roster in `.students.plist.markbook` (an XML property
/// list, as `PropertyListEncoder` writes it), and each student's marks, kept in their record.
///
/// A change of either is one change of the class: the roster and the markbook are written
/// together, under the roster's lock, renamed by one ``Journal``, and undone as one step.
extension StorageHandler {
    /// The class's students (leavers too) and its markbook, read together under the roster's
    /// lock, so that the marks and the assessments they are on are of one moment.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The students in file order, and the markbook (empty when the class has none).
    /// - Throws: ``StorageError`` when a file cannot be read or is damaged.
    public static func loadMarkbook(from url: URL = plistURL) throws -> (
        students: [Student], markbook: Markbook
    ) {
        let path = try FileSystem.rosterTarget(url.path)
        let current = try snapshot(path)
        return (try current.decoded()?.students ?? [], try markbook(of: current))
    }

    /// The class's markbook alone, as it is now; `nil` when the class has none.
    ///
    /// A view that shows results beside students it read on its own, such as a class list, reads
    /// the markbook so; one that needs the marks and the markbook of one moment uses
    /// ``loadMarkbook(from:)``.
    ///
    /// - Throws: ``StorageError`` when the markbook cannot be read or is damaged.
    public static func markbook(from url: URL = plistURL) throws -> Markbook? {
        try storedMarkbook(of: Current(path: try FileSystem.rosterTarget(url.path), bytes: nil))
    }

    /// Changes the markbook, the students' marks, or both, as ``updateMarkbook(at:command:summary:_:)``
    /// does, summed up in words known before the change, such as "add a comment".
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - command: The command's name, for the history.
    ///   - summary: What the change does in words, for the history.
    ///   - change: Edits the markbook and the students in place; throwing cancels the change.
    /// - Returns: What `change` returned.
    @discardableResult
    static func updateMarkbook<Result>(
        at url: URL = plistURL, command: String, summary: String,
        _ change: (inout Markbook, inout [Student]) throws -> Result
    ) throws -> Result {
        try updateMarkbook(at: url, command: command, summary: { _ in summary }, change)
    }

    /// Changes the markbook, the students' marks, or both, as one change of the class and one
    /// undo step.
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - command: The command's name, for the history.
    ///   - summary: What the change did in words, for the history, made from what `change` returned.
    ///   - change: Edits the markbook and the students (leavers too) in place; throwing cancels
    ///     the change. When neither changes, nothing is written and the history keeps no step.
    /// - Returns: What `change` returned.
    public static func updateMarkbook<Result>(
        at url: URL = plistURL, command: String, summary: (Result) -> String? = { _ in nil },
        _ change: (inout Markbook, inout [Student]) throws -> Result
    ) throws -> Result {
        try self.change(at: url) { current in
            var (students, conventions) = try current.decoded() ?? ([], FileConventions(format: .binary))
            let before = try markbook(of: current)
            var (book, edited) = (before, students)
            let result = try change(&book, &edited)
            guard book != before || edited != students else { return (.unchanged, result) }
            var made = RosterChange(
                command: command, date: Date(), studentsBefore: students.count, studentsAfter: edited.count)
            made.summary = summary(result)
            students = []
            // Every student was read whole, other apps' keys with them: the students say it all.
            conventions.otherFields = [:]
            let writer = try RosterCodec.fileWriter(edited, conventions: conventions)
            guard book != before else { return (.replace(with: writer, change: made), result) }
            return (.replaceWithMarkbook(with: writer, markbook: try encode(book), change: made), result)
        }
    }

    /// The roster at `path` and its markbook as one moment left them, read without the lock, so
    /// that reading creates no file.
    ///
    /// The two disagree only while a change of both is half made, and then its journal is beside
    /// the roster: so once both are read, the roster and the markbook must still be the files
    /// that were read and no journal may be there, else they are read again (and after a few
    /// tries, under the lock).
    private static func snapshot(_ path: String) throws -> Current {
        let (journal, markbookPath) = (
            Journal.path(besideRoster: path), SideFile.markbook.path(besideRoster: path)
        )
        for _ in 0..<8 {
            if try FileSystem.exists(journal) { try Journal.recover(besideRoster: path) }
            let before = (FileSystem.identity(of: path), FileSystem.identity(of: markbookPath))
            let current = Current(path: path, bytes: try readBytes(path))
            let markbook = try current.read(.markbook)
            if FileSystem.identity(of: path) == before.0, try !FileSystem.exists(journal),
                FileSystem.identity(of: markbookPath) == before.1
            {
                return Current(path: path, bytes: current.bytes, markbook: markbook)
            }
        }
        return try underLocks(of: [path]) {
            let current = Current(path: path, bytes: try readBytes(path))
            return Current(path: path, bytes: current.bytes, markbook: try current.read(.markbook))
        }
    }

    /// The markbook kept beside the roster a change was shown; empty when there is none.
    static func markbook(of current: Current) throws -> Markbook {
        try storedMarkbook(of: current) ?? Markbook()
    }

    /// The markbook kept beside the roster a change was shown; `nil` when there is none.
    private static func storedMarkbook(of current: Current) throws -> Markbook? {
        guard let bytes = try current.read(.markbook), !bytes.isEmpty else { return nil }
        do {
            return try PropertyListDecoder().decode(Markbook.self, from: bytes)
        } catch {
            throw StorageError.damagedSideFile(
                path: SideFile.markbook.path(besideRoster: current.path), reason: Markbook.problem(in: error))
        }
    }

    /// The markbook as its file keeps it, and as a plist export writes it beside the roster.
    static func encode(_ markbook: Markbook) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return Array(try encoder.encode(markbook))
    }
}
