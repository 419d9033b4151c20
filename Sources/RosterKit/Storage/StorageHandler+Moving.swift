#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moving a whole roster, with everything kept beside it, to another name: renaming a class, and
/// deleting one so that it can be restored.
extension StorageHandler {
    /// Moves the roster at `url` to `destination`, with its history (so that its changes can
    /// still be undone there), its pick round and its groups, under the roster's lock.
    ///
    /// The side files move first and the roster last, so that a move cut short leaves the roster
    /// where it was.
    ///
    /// - Parameters:
    ///   - url: The roster to move; it must exist.
    ///   - destination: Where it goes; no roster may be there. Its folder is made when missing.
    ///   - replacing: Whether a roster already at `destination`, and what is beside it, is
    ///     removed first (for the one deleted copy of a class that is kept).
    /// - Throws: ``StorageError`` when there is no roster at `url`, one at `destination`, or a file
    ///   cannot be moved.
    package static func moveRoster(at url: URL, to destination: URL, replacing: Bool = false) throws {
        let (path, target) = (url.path, destination.path)
        let lock = try FileLock(rosterPath: path)
        defer { withExtendedLifetime(lock) {} }
        guard FileSystem.isPlainFile(path) else {
            throw StorageError.fileSystem(path: path, action: "move the roster", code: ENOENT)
        }
        try FileSystem.createFolder(Path.folder(of: target))
        let (besides, targets) = (filesBeside(path), filesBeside(target))
        if replacing {
            for old in targets + [target] where access(old, F_OK) == 0 {
                try? FileManager.default.removeItem(atPath: old)
            }
        }
        for old in [target] + targets where access(old, F_OK) == 0 {
            throw StorageError.fileSystem(path: old, action: "move the roster onto", code: EEXIST)
        }
        for (side, moved) in zip(besides, targets) where access(side, F_OK) == 0 {
            try FileSystem.move(side, to: moved)
        }
        try FileSystem.move(path, to: target)
    }

    /// What roster keeps beside the roster at `path`: its history, its pick round, its groups and its seating plan.
    private static func filesBeside(_ path: String) -> [String] {
        [
            RosterHistory.folder(ofRoster: path), SideFile.picks.path(besideRoster: path),
            SideFile.groups.path(besideRoster: path), SideFile.seats.path(besideRoster: path),
        ]
    }
}
