import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads and writes the class roster, `students.plist`, the way the iOS teaching app does, safely.
///
/// `StorageHandler` keeps the tutorial's shape: an `enum` of static functions that ``write(_:to:)``
/// one student, ``load(from:)`` them all, ``deleteAll(at:)`` and ``prepareData(_:)``, plus
/// ``save(_:to:)`` for a whole array. Each takes the roster's URL, by default ``plistURL``.
///
/// Unlike the tutorial it never loses data:
/// - ``load(from:)`` throws on a damaged file instead of returning `[]`, so the next write cannot
///   overwrite a roster that merely failed to read.
/// - Every change, whatever makes it, goes through one transaction: an exclusive lock, one read,
///   and a temporary file synced and renamed over the roster, so a crash leaves the old or the
///   new file and concurrent changes wait instead of being lost.
/// - A roster that is a symbolic link is followed to the file it names, which is the one replaced.
/// - The versions before the last 100 changes are kept beside the roster for ``undo(at:)`` and
///   ``redo(at:)``; ``history(at:)`` lists them.
/// - A file another program shares keeps its conventions: ages stored as text stay text, and keys
///   roster does not know stay on every record.
/// - Files are created readable by their owner only (mode 0600), folders with mode 0700.
public enum StorageHandler {
    /// The file name of the roster, as in the tutorial.
    public static let fileName = "students.plist"

    /// The default roster file: `students.plist` in the user's documents folder.
    ///
    /// On Apple platforms this is `FileManager`'s `.documentDirectory`. On Linux it is
    /// `$HOME/Documents`, computed from `HOME` because Foundation there reads the password
    /// database instead; a `HOME` that is empty or not an absolute path is ignored.
    public static var plistURL: URL {
        defaultURL(environment: ProcessInfo.processInfo.environment)
    }

    /// The default roster file for a given environment; see ``plistURL``.
    ///
    /// - Parameter environment: The process environment to read `HOME` from.
    /// - Returns: The URL of `students.plist` in the documents folder.
    public static func defaultURL(environment: [String: String]) -> URL {
        #if os(Linux)
            let home =
                environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            let documents = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent("Documents", isDirectory: true)
        #else
            let documents =
                FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Documents")
        #endif
        return documents.appendingPathComponent(fileName)
    }

    /// Adds one student to the end of the roster, creating the file when needed.
    ///
    /// - Parameters:
    ///   - student: The student to append.
    ///   - url: The roster file.
    /// - Throws: ``StorageError`` when the roster cannot be read or written.
    public static func write(_ student: Student, to url: URL = plistURL) throws {
        try append([student], to: url)
    }

    /// Adds students to the end of the roster in one locked write, creating the file when needed.
    ///
    /// This is the fast path for adding: the students already on a binary roster are checked but
    /// not decoded, and the file grows by splicing rather than being encoded again.
    ///
    /// - Parameters:
    ///   - students: The students to add, in order.
    ///   - url: The roster file.
    /// - Throws: ``AppendConflict`` when one of the ids is already on the roster, ``StorageError``
    ///   when the roster cannot be read or written. Nothing is written then.
    public static func append(_ students: [Student], to url: URL = plistURL) throws {
        try append(students, to: url, command: "add")
    }

    /// Adds students as ``append(_:to:)`` does, naming the change `command` in the history.
    ///
    /// - Parameter name: A name to look for among the students already on the roster.
    /// - Returns: The students that were already on the roster with that name.
    @discardableResult
    static func append(_ students: [Student], to url: URL, command: String, lookingFor name: String? = nil)
        throws
        -> [Student]
    {
        try change(at: url) { current in
            let summary = "\(command) " + NameList.sentence(students.map(\.name))
            guard let bytes = current.bytes else {
                var made = RosterChange(
                    command: command, date: Date(), studentsBefore: 0, studentsAfter: students.count)
                made.summary = summary
                return (
                    .replace(with: try RosterCodec.fileWriter(students, conventions: .binary), change: made),
                    []
                )
            }
            // The unchanged part of the file is copied from the old file while the new one is written.
            let spliced = try RosterCodec.appending(students, to: bytes, path: current.path, lookingFor: name)
            var made = RosterChange(
                command: command, date: Date(), studentsBefore: spliced.oldCount,
                studentsAfter: spliced.oldCount + students.count)
            made.summary = summary
            return (.replace(with: spliced.file.write, change: made), spliced.namesakes)
        }
    }

    /// Replaces the whole roster with `students`.
    ///
    /// - Parameters:
    ///   - students: The complete new roster, in order.
    ///   - url: The roster file.
    /// - Throws: ``StorageError`` when the roster cannot be read or written.
    public static func save(_ students: [Student], to url: URL = plistURL) throws {
        try update(at: url, command: "save") { $0 = students }
    }

    /// Loads every student, in file order.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The students, or `[]` when the file does not exist yet.
    /// - Throws: ``StorageError/damaged(path:reason:)`` when the file exists but is not a roster,
    ///   or a file-system error when it cannot be read.
    public static func load(from url: URL = plistURL) throws -> [Student] {
        let path = try FileSystem.rosterTarget(url.path)
        return try readRoster(path) { try RosterCodec.decode($0, path: path) }?.students ?? []

    }

    /// Empties the roster, keeping its students for ``undo(at:)``.
    ///
    /// The file stays, as an empty list in the same format (binary or XML), so that the next
    /// student added is written the way the file was.
    ///
    /// - Parameter url: The roster file.
    /// - Throws: ``StorageError`` when the file exists but is damaged or cannot be written.
    public static func deleteAll(at url: URL = plistURL) throws {
        try change(at: url) { current in
            // A damaged roster is reported, not replaced; a missing one stays missing.
            guard let (students, conventions) = try current.decoded() else { return (.unchanged, ()) }
            var made = RosterChange(
                command: "delete-all", date: Date(), studentsBefore: students.count, studentsAfter: 0)
            made.summary = "delete-all: \(students.count) student\(students.count == 1 ? "" : "s")"
            return (
                .replace(
                    with: RosterCodec.fileWriter(of: try RosterCodec.encode([], conventions: conventions)),
                    change: made), ()
            )
        }
    }

    /// Encodes students as a binary property list with `PropertyListEncoder`, as the tutorial does.
    ///
    /// roster's own writer, behind ``write(_:to:)`` and the other changes, writes the same kind of
    /// file in a fraction of the time; this is the tutorial's way, kept for a learner to compare.
    ///
    /// - Parameter students: The students to encode.
    /// - Returns: The bytes of a `bplist00` file.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` instead of returning empty data.
    public static func prepareData(_ students: [Student]) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do {
            return try encoder.encode(students)
        } catch {
            throw StorageError.encodingFailed(reason: "\(error)")
        }
    }

    /// Changes the roster in one locked read-modify-write and returns the new roster.
    ///
    /// The lock is held from the read to the rename, so concurrent changes from other processes
    /// wait instead of being lost. The previous version is kept for ``undo(at:)``, and the file
    /// keeps its format (binary or XML) and its permissions.
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - change: Changes the current students in place; throwing cancels the change and leaves
    ///     the file as it was.
    /// - Returns: The students now on disk.
    @discardableResult
    public static func update(at url: URL = plistURL, _ change: (inout [Student]) throws -> Void) throws
        -> [Student]
    {
        try update(at: url, command: "update") { students in
            try change(&students)
            return students
        }
    }

    /// Changes the roster as ``update(at:_:)`` does, naming the change `command` in the history
    /// and summing it up in `summary`'s words, made from what `change` returned.
    @discardableResult
    static func update<Result>(
        at url: URL, command: String, summary: (Result) -> String? = { _ in nil },
        _ change: (inout [Student]) throws -> Result
    ) throws -> Result {
        try rewrite(
            at: url, command: command, empty: [], count: \.count,
            decode: { try RosterCodec.decode($0, path: $1) },
            encode: { try RosterCodec.fileWriter($0, conventions: $1) },
            summary: summary, change: { students, _ in try change(&students) })
    }

    /// Changes a few students of the roster, as ``update(at:_:)`` does, without making a `String`
    /// of every name: the students are a ``StoredRoster``, whose unchanged names are copied into
    /// the new file as bytes. This is the fast path behind ``RosterViewModel``'s edit and remove.
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - command: What makes the change, for the history.
    ///   - summary: The change in words, for the history, made from what `change` returned.
    ///   - change: Changes the students in place and returns what it did; throwing cancels the
    ///     change.
    /// - Returns: What `change` returned.
    static func updateStored<Result>(
        at url: URL, command: String, summary: (Result) -> String? = { _ in nil },
        _ change: (inout StoredRoster) throws -> Result
    ) throws -> Result {
        try rewrite(
            at: url, command: command, empty: StoredRoster([]), count: \.count,
            decode: { try RosterCodec.decodeStored($0, path: $1) },
            encode: { try RosterCodec.fileWriter($0, conventions: $1) },
            summary: summary, change: { roster, _ in try change(&roster) })
    }
}
