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

/// The temporary files roster writes before it renames them into place, and the one rule that
/// cleans up those a killed command left.
///
/// Every file roster writes (the roster, its markbook, pick round, groups, seats and journal, and
/// each file in its history folder) is first written as its *temporary twin* beside it,
/// `.NAME.<pid>-<random>.tmp`, and what a move sets aside to be removed is such a twin with
/// `.trash` after it. All of them are written under the roster's lock, so any found while the lock
/// is held, with no journal left to finish, belong to a command that stopped.
extension FileSystem {
    /// A new hidden name beside `path` that ``removeLeftovers(beside:)`` recognises, and that no
    /// other roster's leftovers can be taken for: `.NAME.<pid>-<random>.tmp`, with the name
    /// shortened as ``Path/stem(of:)`` says when it is long.
    static func temporaryPath(beside path: String) -> String {
        temporaryPath(beside: path, unique: newTemporaryUnique())
    }

    /// The temporary name beside `path` that `unique` (`<pid>-<random>`) makes.
    static func temporaryPath(beside path: String, unique: String) -> String {
        Path.beside(path, prefix: ".", suffix: ".\(unique).tmp")
    }

    /// What makes a temporary name unique: this process's id and a random number, `<pid>-<random>`.
    static func newTemporaryUnique() -> String {
        "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Whether `text` is what ``newTemporaryUnique()`` makes: two runs of at most ten digits
    /// joined by a dash.
    static func isTemporaryUnique(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { (1...10).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// The name of the file whose temporary twin (or set-aside twin) `name` is, as it stands in
    /// the twin's name (its ``Path/stem(of:)``); `nil` when `name` is no twin.
    static func twinned(_ name: String) -> Substring? {
        let twin = name.hasSuffix(".tmp.trash") ? name.dropLast(6) : name[...]
        guard twin.hasPrefix("."), twin.hasSuffix(".tmp") else { return nil }
        let body = twin.dropFirst().dropLast(4)
        guard let dot = body.lastIndex(of: "."), isTemporaryUnique(body[body.index(after: dot)...]) else {
            return nil
        }
        return body[..<dot]
    }

    /// Removes the temporary files that killed commands left beside the roster at `path`: the
    /// twins of the roster and of every file roster keeps beside it, and every twin in its
    /// history folder.
    ///
    /// Call only while holding the roster's lock, once no journal names the roster: a writer
    /// creates its twins under the lock, so any that exist then belong to a command that
    /// stopped. Another roster's twins are never taken: `.class.plist.2024.<pid>-<n>.tmp`
    /// belongs to `class.plist.2024`, not to `class.plist`.
    static func removeLeftovers(beside path: String) {
        let folder = Path.folder(of: path)
        let owned =
            [path, Journal.path(besideRoster: path), RosterHistory.folder(ofRoster: path)]
            + [SideFile.picks, .groups, .seats, .markbook].map { $0.path(besideRoster: path) }
        let stems = Set(owned.map { Path.stem(of: Path.name(of: $0)) })
        if let names = try? FileSystem.names(inFolder: folder.isEmpty ? "." : folder) {
            for name in names where twinned(name).map({ stems.contains(String($0)) }) == true {
                removeTwin(folder.isEmpty ? name : folder + "/" + name)
            }
        }
        let history = RosterHistory.folder(ofRoster: path)
        let owners = trustedOwners(ofRoster: path)
        // The history folder is roster's own, so every twin in it is one of roster's.
        guard let names = try? names(inOwnFolder: history, owners: owners) else { return }
        for name in names where twinned(name) != nil { removeTwin(history + "/" + name) }
    }

    /// Removes a twin: a file, or a folder set aside whole (a class's old history).
    private static func removeTwin(_ path: String) {
        if unlink(path) != 0, errno == EISDIR || errno == EPERM, isFolder(path), !isSymbolicLink(path) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }
}
