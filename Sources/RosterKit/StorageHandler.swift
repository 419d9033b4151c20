import Foundation

/// Reads and writes the class roster, `students.plist`, the way the iOS teaching app does, safely.
///
/// `StorageHandler` keeps the tutorial's shape: an `enum` of static functions that ``write(_:to:)``
/// one student, ``load(from:)`` them all, ``deleteAll(at:)`` and ``prepareData(_:)``, plus
/// ``save(_:to:)`` for a whole array. Each takes the roster's URL, by default ``plistURL``.
///
/// Unlike the tutorial it never loses data:
/// - ``load(from:)`` throws on a damaged file instead of returning `[]`, so the next write cannot
///   overwrite a roster that merely failed to read.
/// - Every change is a read-modify-write under an exclusive lock (see ``update(at:_:)``), written to
///   a temporary file, synced and renamed over the roster, so a crash leaves the old or the new file.
/// - The version before each change is kept beside the roster for ``undo(at:)``.
/// - Files are created readable by their owner only (mode 0600), folders with mode 0700.
public enum StorageHandler {
    /// The file name of the roster, as in the tutorial.
    public static let fileName = "students.plist"

    /// The default roster file: `students.plist` in the user's documents folder.
    ///
    /// On Apple platforms this is `FileManager`'s `.documentDirectory`. On Linux it is
    /// `$HOME/Documents`, computed from `HOME` because Foundation there reads the password
    /// database instead.
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
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
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

    /// The file that keeps the version of the roster before the last change.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The roster's path with `.bak` appended, in the same folder.
    public static func backupURL(for url: URL) -> URL {
        URL(fileURLWithPath: url.path + ".bak")
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
        let path = url.path
        let lock = try FileLock(rosterPath: path)
        FileSystem.removeLeftovers(beside: path)
        let current = try FileSystem.read(path, mapping: true)
        let existed = current != nil
        let newFile: RosterCodec.Contents
        if let current = consume current {
            let spliced = try FileMapping.whole(current, path: path) {
                try RosterCodec.appending(students, to: $0, path: path)
            }
            // The unchanged part of the file is copied from the old file while the new one is written.
            newFile = { write in
                try FileMapping.whole(current, path: path) { _ in try spliced.write(write) }
            }
        } else {
            try AppendConflict.check(students, against: [])
            newFile = try RosterCodec.contents(students, format: .binary)
        }
        try keepBackup(of: path, exists: existed, format: .binary, url: url)
        try FileSystem.replace(path, writing: newFile)
        _ = consume lock
    }

    /// Replaces the whole roster with `students`.
    ///
    /// - Parameters:
    ///   - students: The complete new roster, in order.
    ///   - url: The roster file.
    /// - Throws: ``StorageError`` when the roster cannot be read or written.
    public static func save(_ students: [Student], to url: URL = plistURL) throws {
        try update(at: url) { $0 = students }
    }

    /// Loads every student, in file order.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The students, or `[]` when the file does not exist yet.
    /// - Throws: ``StorageError/damaged(path:reason:)`` when the file exists but is not a roster,
    ///   or a file-system error when it cannot be read.
    public static func load(from url: URL = plistURL) throws -> [Student] {
        try read(url.path)?.students ?? []
    }

    /// Removes the roster file, keeping its contents for ``undo(at:)``.
    ///
    /// - Parameter url: The roster file.
    /// - Throws: ``StorageError`` when the file exists but is damaged or cannot be removed.
    public static func deleteAll(at url: URL = plistURL) throws {
        let path = url.path
        let lock = try FileLock(rosterPath: path)
        FileSystem.removeLeftovers(beside: path)
        // A damaged roster is reported, not moved away.
        if try read(path) != nil {
            try FileSystem.move(path, to: backupURL(for: url).path)
        }
        _ = consume lock
    }

    /// Encodes students as a binary property list, the format the tutorial's encoder writes.
    ///
    /// - Parameter students: The students to encode.
    /// - Returns: The bytes of a `bplist00` file.
    /// - Throws: ``StorageError/encodingFailed(reason:)`` instead of returning empty data.
    public static func prepareData(_ students: [Student]) throws -> Data {
        Data(try RosterCodec.encode(students, format: .binary))
    }

    /// Writes any file, such as an export, with the same care as the roster: atomically, synced,
    /// private to its owner when new, keeping its mode when it exists.
    ///
    /// - Parameters:
    ///   - data: The file's new contents.
    ///   - url: The file.
    /// - Throws: ``StorageError`` when the file cannot be written; it is unchanged then.
    public static func writeFile(_ data: some ContiguousBytes, to url: URL) throws {
        try FileSystem.replace(url.path, with: data)
    }

    /// Reads any file, such as one to import.
    ///
    /// - Parameter url: The file.
    /// - Returns: Its bytes.
    /// - Throws: ``StorageError`` when it does not exist or cannot be read.
    public static func readFile(at url: URL) throws -> Data {
        guard let data = try FileSystem.read(url.path) else {
            throw StorageError.fileSystem(path: url.path, action: "read", reason: "No such file or directory")
        }
        return data
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
        try readModifyWrite(
            at: url, empty: [], decode: { try RosterCodec.decode($0, path: $1) },
            encode: { try RosterCodec.contents($0, format: $1) }, change: change)
    }

    /// Changes a few students of the roster, as ``update(at:_:)`` does, without making a `String`
    /// of every name: the students are a ``StoredRoster``, whose unchanged names are copied into
    /// the new file as bytes. This is the fast path behind ``RosterViewModel``'s edit and remove.
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - change: Changes the students in place; throwing cancels the change.
    /// - Returns: The students now on disk.
    static func change(at url: URL, _ change: (inout StoredRoster) throws -> Void) throws -> StoredRoster {
        try readModifyWrite(
            at: url, empty: StoredRoster([]), decode: { try RosterCodec.decodeStored($0, path: $1) },
            encode: { try RosterCodec.contents($0, format: $1) }, change: change)
    }

    /// One locked read-modify-write of the roster, whatever holds the students meanwhile.
    private static func readModifyWrite<Students>(
        at url: URL, empty: Students, decode: (Data, String) throws -> (Students, RosterFormat),
        encode: (Students, RosterFormat) throws -> RosterCodec.Contents,
        change: (inout Students) throws -> Void
    ) throws -> Students {
        let path = url.path
        let lock = try FileLock(rosterPath: path)
        FileSystem.removeLeftovers(beside: path)
        // The file's bytes are let go once decoded, and the students are held in one place only,
        // so that `change` edits them in place instead of copying a large roster first.
        var (students, format, existed) = (empty, RosterFormat.binary, false)
        if let decoded = try readRoster(path, decode: { try decode($0, path) }) {
            (students, format, existed) = (decoded.0, decoded.1, true)
        }
        try change(&students)
        let newFile = try encode(students, format)
        try keepBackup(of: path, exists: existed, format: format, url: url)
        try FileSystem.replace(path, writing: newFile)
        _ = consume lock
        return students
    }

    private static func read(_ path: String) throws -> (students: [Student], format: RosterFormat)? {
        try readRoster(path) { try RosterCodec.decode($0, path: path) }
    }

    /// Reads the roster file, mapped when it is large, and decodes it; `nil` when there is none.
    private static func readRoster<Decoded>(_ path: String, decode: (Data) throws -> Decoded) throws
        -> Decoded?
    {
        try FileSystem.read(path, mapping: true).map { try FileMapping.whole($0, path: path, decode) }
    }
}
