import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading a roster, and writing its new file with the version it replaces kept for undo: the
/// two steps every change is made of.
extension StorageHandler {
    /// Writes the roster's new file, keeping the version it replaces as the newest step of its
    /// history first; if the write fails, that version is dropped and everything is as it was.
    static func commit(
        _ newFile: RosterCodec.FileWriter, to path: String, change: RosterChange, existed: Bool
    ) throws {
        let history = RosterHistory(rosterPath: path)
        let version = try history.keepVersion(before: change, exists: existed)
        do {
            try FileSystem.replace(path, writing: newFile)
        } catch {
            history.discard(version)
            throw error
        }
        history.prune(newest: version)
    }

    static func read(_ path: String) throws -> (students: [Student], conventions: FileConventions)? {
        try readRoster(path) { try RosterCodec.decode($0, path: path) }
    }

    /// Reads the roster file, mapped when it is large, and decodes it; `nil` when there is none.
    static func readRoster<Decoded>(_ path: String, decode: (Data) throws -> Decoded) throws
        -> Decoded?
    {
        try FileSystem.read(path, mapping: true).map {
            try FileMapping.withCheckedBytes($0, path: path, decode)
        }
    }

    /// One locked read-modify-write of the roster, whatever holds the students meanwhile.
    static func readModifyWrite<Students>(
        at url: URL, command: String, empty: Students, count: (Students) -> Int,
        decode: (Data, String) throws -> (Students, FileConventions),
        encode: (Students, FileConventions) throws -> RosterCodec.FileWriter,
        change: (inout Students) throws -> Void
    ) throws -> Students {
        return try StorageError.translating {
            let path = try FileSystem.rosterTarget(url.path)
            let lock = try FileLock(rosterPath: path)
            FileSystem.removeLeftovers(beside: path)
            // The file's bytes are let go once decoded, and the students are held in one place only,
            // so that `change` edits them in place instead of copying a large roster first.
            var (students, conventions, existed) = (empty, FileConventions.binary, false)
            if let decoded = try readRoster(path, decode: { try decode($0, path) }) {
                (students, conventions, existed) = (decoded.0, decoded.1, true)
            }
            let before = count(students)
            try change(&students)
            let newFile = try encode(students, conventions)
            let change = RosterChange(
                command: command, date: Date(), studentsBefore: before, studentsAfter: count(students))
            try commit(newFile, to: path, change: change, existed: existed)
            _ = consume lock
            return students
        }
    }
}

/// Changes that reach the file's conventions: the keys roster keeps for other apps, where the
/// register lives.
extension StorageHandler {
    /// One locked change of the students and of the values kept beside them.
    static func updateWithConventions(
        at url: URL, command: String, _ change: (inout [Student], inout FileConventions) throws -> Void
    ) throws {
        try StorageError.translating {
            let path = try FileSystem.rosterTarget(url.path)
            let lock = try FileLock(rosterPath: path)
            FileSystem.removeLeftovers(beside: path)
            let existing = try read(path)
            var (students, conventions) = existing ?? ([], .binary)
            let before = students.count
            try change(&students, &conventions)
            let newFile = try RosterCodec.fileWriter(students, conventions: conventions)
            let change = RosterChange(
                command: command, date: Date(), studentsBefore: before, studentsAfter: students.count)
            try commit(newFile, to: path, change: change, existed: existing != nil)
            _ = consume lock
        }
    }

    /// The students and the file's conventions, or `nil` when there is no roster yet.
    static func readConventions(at url: URL) throws -> (students: [Student], conventions: FileConventions)? {
        try StorageError.translating { try read(FileSystem.rosterTarget(url.path)) }
    }
}
