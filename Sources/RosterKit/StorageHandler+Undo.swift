import Foundation

/// Undo: the version before each change is kept beside the roster, and ``undo(at:)`` swaps it
/// back.
extension StorageHandler {
    /// Puts back the roster as it was before the last change.
    ///
    /// The version being replaced becomes the new backup, so undoing twice returns to where you
    /// started.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The students now on disk.
    /// - Throws: ``StorageError/nothingToUndo(path:)`` when no earlier version was kept.
    @discardableResult
    public static func undo(at url: URL = plistURL) throws -> [Student] {
        let path = url.path
        let backupPath = backupURL(for: url).path
        let lock = try FileLock(rosterPath: path)
        FileSystem.removeLeftovers(beside: path)
        // An empty backup is one a power cut caught before it reached the disk; see keepBackup.
        guard let previous = try FileSystem.read(backupPath), !previous.isEmpty else {
            throw StorageError.nothingToUndo(path: path)
        }
        let restored = try RosterCodec.decode(previous, path: backupPath)
        // The current version becomes the backup, so a second undo returns to it.
        let swap = FileSystem.temporaryPath(beside: path)
        let hasCurrent = FileSystem.exists(path)
        if hasCurrent { try FileSystem.keep(path, as: swap) }
        try FileSystem.move(backupPath, to: path)
        if hasCurrent {
            try FileSystem.move(swap, to: backupPath)
        } else {
            try FileSystem.replace(backupPath, with: RosterCodec.encode([], format: restored.format))
        }
        _ = consume lock
        return restored.students
    }

    /// Keeps the roster as it is now for ``undo(at:)``; a roster that does not exist yet is kept
    /// as an empty one.
    ///
    /// That empty backup is not synced: it holds no student, and syncing it would make the first
    /// change to a new roster twice as slow. After a power cut it may be an empty file, which
    /// ``undo(at:)`` takes as nothing to undo.
    static func keepBackup(of path: String, exists: Bool, format: RosterFormat, url: URL) throws {
        let backupPath = backupURL(for: url).path
        if exists {
            try FileSystem.keep(path, as: backupPath)
        } else {
            try FileSystem.replace(backupPath, with: RosterCodec.encode([], format: format), durable: false)
        }
    }
}
