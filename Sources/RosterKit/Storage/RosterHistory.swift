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

/// The versions of a roster kept for undo and redo, each a file of its own in a private folder
/// beside the roster, `.students.plist.history`.
///
/// A version's file name says everything about it, so there is no index to keep in step:
/// `00000012-u-1764600000-23-0-delete-all.plist` is the roster as it was before change 12, a
/// `delete-all` at that time that took it from 23 students to 0. An `r` in place of the `u` marks
/// a change that was undone: the file is the roster as that change left it, for redo.
///
/// Every step is one `link` or one `rename`, taken under the roster's lock: a version is made
/// before the change is written and dropped if the write fails; undo and redo each rename a
/// version over the roster. A process killed between two steps leaves a state the next command
/// reads correctly (see ``entries()``).
struct RosterHistory {
    /// How many changes can be undone.
    static let maximumVersions = 20
    /// How many bytes the versions may take together; the newest is kept whatever its size.
    static let maximumBytes = 256 << 20

    let rosterPath: String
    let folder: String

    /// One kept version.
    struct Entry {
        let sequence: Int
        /// Whether the change was undone, so that this version is the roster after it.
        let isUndone: Bool
        let change: RosterChange
        let path: String
    }

    init(rosterPath: String) {
        self.rosterPath = rosterPath
        let name = Path.name(of: rosterPath)
        let parent = Path.folder(of: rosterPath)
        folder = (parent.isEmpty ? "" : parent + "/") + "." + name + ".history"
    }

    /// The kept versions, oldest change first.
    ///
    /// A process killed in the middle of an undo or a redo can leave both versions of one change;
    /// the one that is a second name of the roster itself was made by that step, which did not
    /// finish, and is removed here.
    func entries() throws -> [Entry] {
        try adoptOldBackup()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var bySequence: [Int: [Entry]] = [:]
        for name in names {
            guard let entry = Self.entry(named: name, in: folder) else { continue }
            bySequence[entry.sequence, default: []].append(entry)
        }
        var entries: [Entry] = []
        for sequence in bySequence.keys.sorted() {
            guard let pair = bySequence[sequence] else { continue }
            guard pair.count == 2 else {
                entries += pair
                continue
            }
            if let leftover = pair.first(where: { FileSystem.isSameFile($0.path, rosterPath) }) {
                unlink(leftover.path)
                entries += pair.filter { $0.path != leftover.path }
            } else {
                // Where files cannot be linked the step's copy cannot be told apart; the undo
                // version is listed, and the next change drops the other.
                entries += pair.filter { !$0.isUndone }
            }
        }
        return entries
    }

    /// Keeps the roster as it is before `change`, as the newest version; a roster that does not
    /// exist yet is kept as an empty file. Returns the version's path, for
    /// ``discard(_:)`` should the change fail.
    func keepVersion(before change: RosterChange, exists: Bool) throws -> String {
        try FileSystem.createPrivateFolder(folder)
        let sequence = (try entries().map(\.sequence).max() ?? 0) + 1
        let path = folder + "/" + Self.name(sequence: sequence, isUndone: false, change: change)
        try keep(exists: exists, as: path)
        return path
    }

    /// Drops a version made for a change that failed.
    func discard(_ version: String) {
        unlink(version)
    }

    /// Once a change is on disk: makes its version private (a link to the old roster had the
    /// roster's mode), and drops the undone changes, which can no longer be redone, and the
    /// oldest versions beyond ``maximumVersions`` and ``maximumBytes``. The change is made
    /// already, so a version that cannot be dropped is left for the next change.
    func prune(newest: String) {
        chmod(newest, FileSystem.privateFileMode)
        var kept: [Entry] = []
        for entry in (try? entries()) ?? [] {
            if entry.isUndone { unlink(entry.path) } else { kept.append(entry) }
        }
        var bytes = kept.reduce(0) { $0 + FileSystem.size(of: $1.path) }
        while kept.count > Self.maximumVersions || (bytes > Self.maximumBytes && kept.count > 1) {
            let oldest = kept.removeFirst()
            bytes -= FileSystem.size(of: oldest.path)
            unlink(oldest.path)
        }
    }

    /// Puts `entry`'s version in place of the roster, keeping the roster as it is under the
    /// name of the opposite step, so that redo undoes an undo and undo undoes a redo.
    func swapIn(_ entry: Entry) throws {
        let opposite =
            folder + "/"
            + Self.name(sequence: entry.sequence, isUndone: !entry.isUndone, change: entry.change)
        var status = stat()
        let exists = stat(rosterPath, &status) == 0
        try keep(exists: exists, as: opposite)
        try FileSystem.move(entry.path, to: rosterPath)
        // The roster keeps its mode; the version it became is private.
        chmod(rosterPath, exists ? status.st_mode & 0o7777 : FileSystem.privateFileMode)
        chmod(opposite, FileSystem.privateFileMode)
    }

    private func keep(exists: Bool, as path: String) throws {
        if exists {
            try FileSystem.keep(rosterPath, as: path)
        } else {
            // A roster that did not exist yet is kept as an empty file, which undo reads as an
            // empty roster: nothing is encoded or synced before the new roster is written.
            try FileSystem.createEmpty(path)
        }
    }

    /// Makes the `students.plist.bak` that roster kept before it had a history the oldest version.
    private func adoptOldBackup() throws {
        let backup = rosterPath + ".bak"
        guard FileSystem.isPlainFile(backup) else { return }
        try FileSystem.createPrivateFolder(folder)
        let count = { (path: String) in
            (try? FileSystem.read(path)).flatMap { data in
                data.flatMap { try? RosterCodec.decode($0, path: path) }
            }?
            .students.count ?? 0
        }
        let change = RosterChange(
            command: "change", date: FileSystem.modificationDate(of: backup), studentsBefore: count(backup),
            studentsAfter: count(rosterPath), isUndone: false)
        try FileSystem.move(
            backup, to: folder + "/" + Self.name(sequence: 0, isUndone: false, change: change))
    }

    // MARK: Names

    private static func name(sequence: Int, isUndone: Bool, change: RosterChange) -> String {
        let number = String(sequence)
        let command = String(change.command.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        return String(repeating: "0", count: max(0, 8 - number.count)) + number + (isUndone ? "-r-" : "-u-")
            + "\(Int64(change.date.timeIntervalSince1970))-\(change.studentsBefore)-\(change.studentsAfter)-"
            + (command.isEmpty ? "change" : command) + ".plist"
    }

    private static func entry(named name: String, in folder: String) -> Entry? {
        guard name.hasSuffix(".plist") else { return nil }
        let parts = name.dropLast(6).split(separator: "-", maxSplits: 5, omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].count == 8, let sequence = Int(parts[0]),
            parts[1] == "u" || parts[1] == "r",
            let seconds = Int64(parts[2]), let before = Int(parts[3]), let after = Int(parts[4]),
            !parts[5].isEmpty
        else { return nil }
        let isUndone = parts[1] == "r"
        let change = RosterChange(
            command: String(parts[5]), date: Date(timeIntervalSince1970: TimeInterval(seconds)),
            studentsBefore: before, studentsAfter: after, isUndone: isUndone)
        return Entry(sequence: sequence, isUndone: isUndone, change: change, path: folder + "/" + name)
    }
}
