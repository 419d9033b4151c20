#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A class's roster renamed, set aside when the class is deleted, and brought back: each a move
/// of the roster with its history and side files, as one change of the storage (see
/// `StorageHandler.moveRoster(at:to:replacing:)`), so that the command line's `classes` goes
/// through the same door as every other change.
extension ClassroomIntents {
    /// Renames the class whose roster is at `url`: its roster moves to `destination`.
    ///
    /// - Throws: ``StorageError`` when there is no roster at `url`, one at `destination`, or a
    ///   file beside it is not roster's own; nothing is moved then.
    package static func renameClass(at url: URL, to destination: URL) throws {
        try StorageHandler.moveRoster(at: url, to: destination)
    }

    /// Sets the class whose roster is at `url` aside at `kept`, in place of a class set aside
    /// there before: the one deleted copy of each name that is kept.
    ///
    /// - Throws: ``StorageError``; nothing is moved then.
    package static func deleteClass(at url: URL, keepingAt kept: URL) throws {
        try StorageHandler.moveRoster(at: url, to: kept, replacing: true)
    }

    /// Brings back the class set aside at `kept` to `url`.
    ///
    /// - Throws: ``StorageError`` when a roster is at `url` already; nothing is moved then.
    package static func restoreClass(from kept: URL, to url: URL) throws {
        try StorageHandler.moveRoster(at: kept, to: url)
    }
}
