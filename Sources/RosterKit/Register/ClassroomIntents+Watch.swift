#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The watch list's intents: the class's thresholds, set or cleared, each change one undo step.
extension ClassroomIntents {
    /// Sets the class's watch thresholds named in `values` (see ``WatchSettings/names``), the
    /// others kept, and returns them all.
    ///
    /// - Throws: ``WatchSettingsError`` for a name or value that cannot be set (nothing is
    ///   changed then); ``StorageError``.
    @discardableResult
    public static func setWatch(_ values: [(name: String, value: Int)], at url: URL) throws -> WatchSettings {
        let described = values.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        return try StorageHandler.updateMarkbook(
            at: url, command: "watch --set", summary: "watch --set \(described)"
        ) {
            book, _ in
            var settings = book.watch ?? WatchSettings()
            for (name, value) in values { try settings.set(name, to: value) }
            book.watch = settings
            return settings
        }
    }

    /// Goes back to roster's own thresholds, as one undo step.
    public static func resetWatch(at url: URL) throws {
        _ = try StorageHandler.updateMarkbook(at: url, command: "watch --reset") { book, _ in book.watch = nil
        }
    }
}
