import RosterEngine

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

// The files the history folder keeps beside each change's versions: what the change did in words
// (`.about`), the markbook before it (`.markbook`) and, for a change of two rosters, where its
// other half is (`.partner`). Each is roster's own file, written and read as the versions are.

/// What each change did, in words: a file in the history folder, `00000012.about`, beside the
/// versions of change 12, written with them and pruned with them.
extension RosterHistory {
    /// The longest description kept, in bytes.
    static let longestSummary = 1_000

    /// The file that describes change `sequence`.
    func aboutFile(_ sequence: Int) -> String {
        folder + "/" + Self.sequenceText(sequence) + ".about"
    }

    /// Keeps `summary` as the description of change `sequence`; a change without one leaves no
    /// older description of its number behind.
    func keepSummary(_ summary: String?, sequence: Int) {
        let file = aboutFile(sequence)
        guard let summary else {
            unlink(file)
            return
        }
        // A description is worth less than the time a sync takes: a lost one leaves the command's name.
        try? FileSystem.replaceOwnFile(
            file, with: Array(summary.utf8.prefix(Self.longestSummary)), owners: owners, durable: false)
    }

    /// `entry`'s change with its description, when one is kept.
    func described(_ entry: Entry) -> RosterChange {
        var change = entry.change
        if let bytes = try? FileSystem.readOwnFile(
            aboutFile(entry.sequence), limit: Self.longestSummary, owners: owners)
        {
            change.summary = String(decoding: bytes, as: UTF8.self)
        }
        return change
    }

    /// Whether `name` is a description file's: eight digits and `.about`.
    static func isAbout(_ name: String) -> Bool {
        name.utf8.count == 14 && name.hasSuffix(".about") && name.prefix(8).allSatisfy(\.isASCIIDigit)
    }
}

/// The other half of a change of two rosters (see ``RosterChange/link``): a file in the history
/// folder, `<link>.partner`, that names the other roster.
extension RosterHistory {
    /// A new link: 16 lowercase hexadecimal digits.
    static func newLink() -> String {
        let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `text` is a link as ``newLink()`` makes it.
    static func isLink(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 16
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The file that names the roster holding the other half of the change `link`.
    func partnerFile(_ link: String) -> String {
        folder + "/" + link + ".partner"
    }

    /// Records, durably, that the change `link` has its other half in the roster at `otherRoster`.
    ///
    /// A roster in the same folder, such as another class, is recorded by its name alone, so that
    /// the folder of classes can be moved or restored from a backup elsewhere.
    func keepPartner(_ link: String, otherRoster: String) throws {
        try FileSystem.createPrivateFolder(folder)
        let sameFolder = Path.folder(of: otherRoster) == Path.folder(of: rosterPath)
        let recorded = sameFolder ? Path.name(of: otherRoster) : otherRoster
        try FileSystem.replaceOwnFile(partnerFile(link), with: Array(recorded.utf8), owners: owners)
    }

    /// The roster that holds the other half of the change `link`, or `nil` when none is recorded.
    func partner(_ link: String) throws -> String? {
        try FileSystem.readOwnFile(partnerFile(link), limit: 4096, owners: owners)
            .map { String(decoding: $0, as: UTF8.self) }
            .map { recorded in
                guard !recorded.hasPrefix("/") else { return recorded }
                let folder = Path.folder(of: rosterPath)
                return folder.isEmpty ? recorded : folder + "/" + recorded
            }
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0 to 9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}

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
        Self.markbookFile(sequence, in: folder)
    }

    /// The file that keeps the markbook of change `sequence` in the history folder `folder`.
    static func markbookFile(_ sequence: Int, in folder: String) -> String {
        folder + "/" + sequenceText(sequence) + ".markbook"
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
