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

/// The class's markbook as it was before a change that changed it: a file in the history folder,
/// `00000012.markbook`, beside the versions of change 12, so that undoing the change takes back
/// the roster and the markbook together, and redoing it makes both again.
///
/// A change that left the markbook alone keeps none, and its undo leaves the markbook as it is.
/// The file is a copy, never a second name of the markbook: a side file with two names is not
/// roster's own (see ``FileSystem/checkOwnFile(_:owners:singleName:)``).
extension RosterHistory {
    /// The file that keeps the markbook of change `sequence`.
    func markbookFile(_ sequence: Int) -> String {
        folder + "/" + Self.sequenceText(sequence) + ".markbook"
    }

    /// Keeps `bytes`, the markbook before the change whose version is `version` (empty when the
    /// class had none), synced, before the change is decided.
    func keepMarkbook(_ bytes: Data?, forVersion version: String) throws {
        guard let sequence = Int(Path.name(of: version).prefix(8)) else { return }
        try FileSystem.replaceOwnFile(markbookFile(sequence), with: Array(bytes ?? Data()), owners: owners)
    }

    /// The markbook kept with `entry`'s change: the markbook before it (for undo) or after it
    /// (for redo); `nil` when the change left the markbook alone.
    func keptMarkbook(of entry: Entry) throws -> Data? {
        try FileSystem.readOwnFile(
            markbookFile(entry.sequence), limit: SideFile.markbook.limit, owners: owners)
    }

    /// Whether `name` is a kept markbook's: eight digits and `.markbook`.
    static func isMarkbook(_ name: String) -> Bool {
        name.utf8.count == 17 && name.hasSuffix(".markbook") && name.prefix(8).allSatisfy(\.isASCIIDigit)
    }
}
