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
        // Read without the lock, so that reading creates no file; a change being made is shown
        // once it is on disk, as the next change would settle it.
        let history = try readOnlyHistory(at: url)
        return try history.entries(repairing: false).reversed().map(history.described)
    }

    /// The files in the roster's history folder that are not versions roster made, by name: a
    /// version's name is read strictly, and anything else is ignored by ``undo(at:)``,
    /// ``redo(at:)`` and ``history(at:)``, never read or trusted.
    ///
    /// - Parameter url: The roster file.
    /// - Returns: The names, sorted; empty when there are none.
    /// - Throws: ``StorageError`` when the history folder is not roster's own or cannot be read.
    package static func strayHistoryFiles(at url: URL = plistURL) throws -> [String] {
        try readOnlyHistory(at: url).strayNames()
    }

    /// The history of the roster at `url`, for a reading that holds no lock, once any change a
    /// stopped command left in a journal is finished.
    private static func readOnlyHistory(at url: URL) throws -> RosterHistory {
        let path = try FileSystem.rosterTarget(url.path)
        if try FileSystem.exists(Journal.path(besideRoster: path)) { try Journal.recover(besideRoster: path) }
        if FileSystem.isPlainFile(path + ".bak") {
            // Once, under the lock: the backup of a roster from before its history becomes its first step.
            _ = try change(at: url, writes: false) { current in (.unchanged, try current.history.entries()) }
        }
        return RosterHistory(rosterPath: path)
    }

    /// One undo or redo. A change of two rosters (a move) is taken back or made again in both,
    /// under both locks, or in neither.
    private static func step(at url: URL, undoing: Bool) throws -> RosterChange {
        // A move made between the look and the step is taken whole on the next pass.
        for _ in 0..<3 {
            let (link, partner) = try change(at: url, writes: false) { current in
                let link = try nextEntry(in: current.history, undoing: undoing, url: url).change.link
                return (.unchanged, (link, try link.flatMap { try current.history.partner($0) }))
            }
            if let link, partner == nil {
                throw StorageError.damaged(
                    path: RosterHistory(rosterPath: url.path).partnerFile(link),
                    reason: "the record of the other roster of a move is missing")
            }
            if let result = try partner.map({ try stepBoth(at: url, and: $0, undoing: undoing) })
                ?? stepOne(
                    at: url, undoing: undoing)
            {
                return result
            }
        }
        throw StorageError.busy(path: url.path, seconds: Int(FileLock.defaultTimeout.components.seconds))
    }

    /// An undo or redo of a change of one roster; `nil` when the change to take is now a move.
    private static func stepOne(at url: URL, undoing: Bool) throws -> RosterChange? {
        try change(at: url) { current in
            let entry = try nextEntry(in: current.history, undoing: undoing, url: url)
            guard entry.change.link == nil else { return (.unchanged, nil) }
            try checkVersion(entry)
            return (.restore(entry), current.history.described(entry))
        }
    }

    /// An undo or redo of a move, in both rosters under both locks, or in neither; `nil` when the
    /// change to take here is no longer that move.
    private static func stepBoth(at url: URL, and partner: String, undoing: Bool) throws -> RosterChange? {
        try change(of: [url, URL(fileURLWithPath: partner)]) { rosters in
            let here = try nextEntry(in: rosters[0].history, undoing: undoing, url: url)
            guard let link = here.change.link, try rosters[0].history.partner(link) == partner else {
                return ([], nil)
            }
            let there =
                rosters[1].bytes == nil
                ? nil : try? nextEntry(in: rosters[1].history, undoing: undoing, url: url)
            guard let there, there.change.link == link else {
                throw StorageError.otherHalfChanged(path: url.path, otherPath: partner)
            }
            try checkVersion(here)
            try checkVersion(there)
            return ([.restore(here), .restore(there)], rosters[0].history.described(here))
        }
    }

    /// The version an undo or a redo puts back: the last change not undone, or the first undone.
    private static func nextEntry(in history: RosterHistory, undoing: Bool, url: URL) throws
        -> RosterHistory.Entry
    {
        let entries = try history.entries()
        guard let entry = undoing ? entries.last(where: { !$0.isUndone }) : entries.first(where: \.isUndone)
        else {
            throw undoing
                ? StorageError.nothingToUndo(path: url.path) : StorageError.nothingToRedo(path: url.path)
        }
        return entry
    }

    /// Checks a version before it takes the roster's place. An empty one stands for a roster that
    /// did not exist yet, and becomes an empty roster.
    private static func checkVersion(_ entry: RosterHistory.Entry) throws {
        if let data = try FileSystem.read(entry.path), !data.isEmpty {
            _ = try RosterCodec.decode(data, path: entry.path)
        } else {
            try FileSystem.replace(entry.path, with: RosterCodec.encode([], format: .binary))
        }
    }
}
