import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Undo and redo: the versions before the last 100 changes are kept beside the roster (see
/// ``RosterHistory``), and each undo or redo renames one of them over the roster.
extension StorageHandler {
    /// Puts back the roster as it was before the last change that is not undone yet.
    ///
    /// Each undo steps one change further back, up to 100 changes; ``redo(at:)`` makes the undone
    /// changes again, until a new change is made.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The change that was undone.
    /// - Throws: ``StorageError/nothingToUndo(path:)`` when no earlier version is kept.
    @discardableResult
    public static func undo(at url: URL = plistURL) throws -> RosterChange {
        try step(at: url, undoing: true)
    }

    /// Makes the last undone change again.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The change that was made again.
    /// - Throws: ``StorageError/nothingToRedo(path:)`` when nothing was undone since the last change.
    @discardableResult
    public static func redo(at url: URL = plistURL) throws -> RosterChange {
        try step(at: url, undoing: false)
    }

    /// The changes kept in the roster's history, newest first: the undone ones that
    /// ``redo(at:)`` can make again, then the ones that ``undo(at:)`` can take back.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The changes, newest first; empty when none is kept.
    /// - Throws: ``StorageError`` when the roster's path cannot be used.
    public static func history(at url: URL = plistURL) throws -> [RosterChange] {
        try change(at: url, writes: false) { current in
            (.unchanged, try current.history.entries().reversed().map(\.change))
        }
    }

    /// The files in the roster's history folder that are not versions roster made, by name: a
    /// version's name is read strictly, and anything else is ignored by ``undo(at:)``,
    /// ``redo(at:)`` and ``history(at:)``, never read or trusted.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The names, sorted; empty when there are none.
    /// - Throws: ``StorageError`` when the history folder is not roster's own or cannot be read.
    public static func strayHistoryFiles(at url: URL = plistURL) throws -> [String] {
        try change(at: url, writes: false) { current in (.unchanged, try current.history.strayNames()) }
    }

    private static func step(at url: URL, undoing: Bool) throws -> RosterChange {
        try change(at: url) { current in
            let entries = try current.history.entries()
            guard
                let entry = undoing ? entries.last(where: { !$0.isUndone }) : entries.first(where: \.isUndone)
            else {
                throw undoing
                    ? StorageError.nothingToUndo(path: url.path) : StorageError.nothingToRedo(path: url.path)
            }
            // A version is checked before it takes the roster's place. An empty one stands for a
            // roster that did not exist yet, and becomes an empty roster.
            if let data = try FileSystem.read(entry.path), !data.isEmpty {
                _ = try RosterCodec.decode(data, path: entry.path)
            } else {
                try FileSystem.replace(entry.path, with: RosterCodec.encode([], format: .binary))
            }
            return (.restore(entry), entry.change)
        }
    }
}
