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
/// a change that was undone: the file is the roster as that change left it, for redo. A `p` marks
/// a version kept for a change that is not on disk yet.
///
/// Every step is one `link` or one `rename`, taken under the roster's lock: a version is kept,
/// pending, before the change is written, and settled once the roster is renamed; undo and redo
/// each rename a version over the roster. A process killed between two steps leaves a state the
/// next command reads correctly (see ``entries()``).
///
/// The folder and its versions must be roster's own (see ``FileSystem/names(inOwnFolder:owners:)``):
/// a folder or version that another user could have planted is refused, never read.
struct RosterHistory {
    /// How many changes can be undone.
    static let maximumVersions = 100
    /// How many bytes the versions may take together; the newest is kept whatever its size.
    static let maximumBytes = 256 << 20
    /// The latest time a version's name may give: the end of the year 9999.
    static let latestSeconds: Int64 = 253_402_300_799

    let rosterPath: String
    let folder: String

    /// Where a version stands.
    enum State: Character {
        /// Kept before its change, which is not known to be on disk yet.
        case pending = "p"
        /// The roster before a change that happened: for undo.
        case done = "u"
        /// The roster after a change that was undone: for redo.
        case undone = "r"
    }

    /// One kept version.
    struct Entry {
        let sequence: Int
        let state: State
        let change: RosterChange
        let path: String

        /// Whether the change was undone, so that this version is the roster after it.
        var isUndone: Bool { state == .undone }
    }

    init(rosterPath: String) {
        self.rosterPath = rosterPath
        owners = FileSystem.trustedOwners(ofRoster: rosterPath)
        folder = Self.folder(ofRoster: rosterPath)
    }

    /// The folder that keeps the history of the roster at `rosterPath`: `.students.plist.history`.
    static func folder(ofRoster rosterPath: String) -> String {
        Path.beside(rosterPath, prefix: ".", suffix: ".history")
    }

    /// The users whose files roster trusts beside this roster: the one running it, and the
    /// roster's owner (or, for a roster not made yet, its folder's).
    let owners: [uid_t]

    /// The kept versions, oldest change first, with what a killed command left put right.
    ///
    /// - A pending version whose change never reached the disk (it is still the roster itself)
    ///   is dropped; one whose change did is settled.
    /// - A process killed in the middle of an undo or a redo can leave both versions of one
    ///   change; the one that is a second name of the roster itself was made by that step, which
    ///   did not finish, and is removed.
    ///
    /// - Throws: ``StorageError/notOwnFile(path:)`` for a folder or version that is not roster's
    ///   own, and a file-system problem when the folder cannot be read: a change is never numbered
    ///   from a partial listing.
    ///
    /// With `repairing` set to `false`, for a reading that holds no lock and writes nothing, what
    /// a killed command left is read as the next change would put it right, and left as it is.
    func entries(repairing: Bool = true) throws -> [Entry] {
        if repairing { try adoptOldBackup() }
        guard let names = try FileSystem.names(inOwnFolder: folder, owners: owners) else { return [] }
        var bySequence: [Int: [Entry]] = [:]
        for name in names {
            guard var entry = Self.entry(named: name, in: folder) else { continue }
            // A pending version may still be the roster itself, with the roster's mode: it is put
            // right first, in a folder no one else can write to, then checked like the others.
            if entry.state == .pending {
                guard
                    let settled = repairing ? try recover(entry) : isOnDisk(entry) ? settledEntry(entry) : nil
                else { continue }
                entry = settled
            }
            try FileSystem.checkOwnFile(entry.path, owners: owners)
            bySequence[entry.sequence, default: []].append(entry)
        }
        var entries: [Entry] = []
        for sequence in bySequence.keys.sorted() {
            guard let pair = bySequence[sequence] else { continue }
            guard pair.count == 2 else {
                entries += pair
                continue
            }
            // The step's own copy is a second name of the roster; equal bytes alone, as after a
            // change of the markbook alone, say less.
            let sameFile = pair.first { FileSystem.isSameFile($0.path, rosterPath) }
            if let leftover = sameFile ?? pair.first(where: { isRoster($0.path) }) {
                if repairing { unlink(leftover.path) }
                entries += pair.filter { $0.path != leftover.path }
            } else {
                // Where files cannot be linked the step's copy cannot be told apart; the undo
                // version is listed, and the next change drops the other.
                entries += pair.filter { !$0.isUndone }
            }
        }
        return entries
    }

    /// The names in the folder that are not versions roster made (nor its temporary files):
    /// ignored by every command, and left for a person to look at.
    func strayNames() throws -> [String] {
        let names = try FileSystem.names(inOwnFolder: folder, owners: owners) ?? []
        return names.filter {
            Self.entry(named: $0, in: folder) == nil && !$0.hasSuffix(".tmp")
                && !($0.hasSuffix(".partner") && Self.isLink($0.dropLast(8))) && !Self.isAbout($0)
                && !Self.isMarkbook($0)
        }
        .sorted()
    }

    /// Keeps the roster as it is before `change`, as the newest version, pending until
    /// ``settle(_:)``, with the change's description (see ``keepSummary(_:sequence:)``); a roster
    /// that does not exist yet is kept as an empty file. Returns the version's path, for
    /// ``discard(_:)`` should the change fail.
    func keepVersion(before change: RosterChange, exists: Bool) throws -> String {
        if !exists { try setAsideOrphan() }
        try FileSystem.createPrivateFolder(folder)
        let sequence = (try entries().map(\.sequence).max() ?? 0) + 1
        let path = folder + "/" + Self.name(sequence: sequence, state: .pending, change: change)
        try keep(exists: exists, as: path)
        keepSummary(change.summary, sequence: sequence)
        return path
    }

    /// Sets aside the versions of a roster that is no longer there (removed by hand, or by
    /// another program) before a new roster of that name is made, so that its undo never brings
    /// back another roster's students: the folder is renamed `.students.plist.history.<time>.orphaned`
    /// and left for a person to look at.
    private func setAsideOrphan() throws {
        guard try !entries().isEmpty else { return }
        let aside = folder + ".\(Int(Date().timeIntervalSince1970)).orphaned"
        guard rename(folder, aside) == 0 else { throw FileSystem.failure(folder, action: "set aside") }
    }

    /// Drops a version made for a change that failed, and the markbook kept with it.
    func discard(_ version: String) {
        unlink(version)
        if let sequence = Int(Path.name(of: version).prefix(8)) { unlink(markbookFile(sequence)) }
    }

    /// Once a change is on disk: settles its pending version, makes it private (a link to the
    /// old roster had the roster's mode), and prunes. The change is made already, so a step that
    /// fails here is left for the next command's ``entries()`` to finish.
    func settle(_ version: String) {
        let settled = Self.path(version, as: .done)
        chmod(version, FileSystem.privateFileMode)
        guard rename(version, settled) == 0 else { return }
        prune(newest: settled)
    }

    /// Drops the undone changes, which can no longer be redone, and the oldest versions beyond
    /// ``maximumVersions`` and ``maximumBytes``; a version that cannot be dropped is left for
    /// the next change.
    func prune(newest: String) {
        // Nothing is pruned from a listing that failed: a partner file would look orphaned.
        guard let listed = try? entries() else { return }
        var kept: [Entry] = []
        for entry in listed {
            if entry.isUndone { unlink(entry.path) } else { kept.append(entry) }
        }
        var bytes = kept.reduce(0) { $0 + FileSystem.size(of: $1.path) }
        while kept.count > Self.maximumVersions || (bytes > Self.maximumBytes && kept.count > 1) {
            let oldest = kept.removeFirst()
            bytes -= FileSystem.size(of: oldest.path)
            unlink(oldest.path)
        }
        // A partner file outlives its versions only when they are pruned or dropped.
        let links = Set(kept.compactMap(\.change.link))
        guard let names = try? FileSystem.names(inOwnFolder: folder, owners: owners) else { return }
        for name in names
        where name.hasSuffix(".partner") && Self.isLink(name.dropLast(8))
            && !links.contains(String(name.dropLast(8)))
        {
            unlink(folder + "/" + name)
        }
        let sequences = Set(kept.map(\.sequence))
        for name in names
        where (Self.isAbout(name) || Self.isMarkbook(name)) && !sequences.contains(Int(name.prefix(8)) ?? -1)
        {
            unlink(folder + "/" + name)
        }
    }

    /// Puts `entry`'s version in place of the roster, keeping the roster as it is under the
    /// name of the opposite step, so that redo undoes an undo and undo undoes a redo.
    func swapIn(_ entry: Entry) throws {
        let swap = try prepareSwap(entry)
        try FileSystem.move(entry.path, to: rosterPath)
        finishSwap(swap)
    }

    /// The first half of ``swapIn(_:)``: the roster kept under the name of `entry`'s opposite
    /// step, before `entry` is renamed over it (by ``swapIn(_:)``, or by a ``Journal`` with the
    /// other roster of a move).
    func prepareSwap(_ entry: Entry) throws -> Swap {
        let opposite =
            folder + "/"
            + Self.name(
                sequence: entry.sequence, state: entry.isUndone ? .done : .undone, change: entry.change)
        var status = stat()
        let exists = stat(rosterPath, &status) == 0
        // Only a roster that is not there is kept as an empty version: a failed look is an error.
        if !exists, errno != ENOENT { throw FileSystem.failure(rosterPath, action: "read") }
        try keep(exists: exists, as: opposite)
        return Swap(
            opposite: opposite, rosterMode: exists ? status.st_mode & 0o7777 : FileSystem.privateFileMode)
    }

    /// The last half of ``swapIn(_:)``, once the version is the roster: the roster keeps its
    /// mode, and the version it became is private.
    func finishSwap(_ swap: Swap) {
        chmod(rosterPath, swap.rosterMode)
        chmod(swap.opposite, FileSystem.privateFileMode)
    }

    /// A swap begun by ``prepareSwap(_:)``.
    struct Swap {
        /// The roster as it was, kept as the opposite step's version.
        let opposite: String
        /// The roster's mode, which the version taking its place gets.
        let rosterMode: mode_t
    }

    /// A pending version left by a killed command: dropped when its change never replaced the
    /// roster, settled when it did; the settled entry, or `nil` when dropped.
    private func recover(_ entry: Entry) throws -> Entry? {
        guard isOnDisk(entry) else {
            unlink(entry.path)
            return nil
        }
        let settled = settledEntry(entry)
        // As settle(_:) would have: the old roster's file is the version's alone now, and private.
        chmod(entry.path, FileSystem.privateFileMode)
        guard rename(entry.path, settled.path) == 0 else {
            throw FileSystem.failure(entry.path, action: "settle")
        }
        return settled
    }

    /// Whether the change a pending version was kept for reached the disk: the roster is no
    /// longer that version, or the markbook is no longer the one kept with it.
    private func isOnDisk(_ entry: Entry) -> Bool {
        var status = stat()
        return lstat(rosterPath, &status) == 0
            && (!isRoster(entry.path) || markbookChanged(since: entry.sequence))
    }

    /// A pending version's entry once settled.
    private func settledEntry(_ entry: Entry) -> Entry {
        Entry(
            sequence: entry.sequence, state: .done, change: entry.change,
            path: Self.path(entry.path, as: .done))
    }

    /// Whether the markbook is no longer the one kept before change `sequence`: a change that
    /// kept the markbook and wrote the roster's bytes again (an assessment added, a scale set)
    /// happened when the markbook beside the roster is not the one it kept.
    private func markbookChanged(since sequence: Int) -> Bool {
        guard
            let kept = try? FileSystem.readOwnFile(
                markbookFile(sequence), limit: SideFile.markbook.limit, owners: owners)
        else { return false }
        let live = try? FileSystem.readOwnFile(
            SideFile.markbook.path(besideRoster: rosterPath), limit: SideFile.markbook.limit, owners: owners)
        return (live ?? Data()) != kept
    }

    /// Whether the version at `path` is the roster itself: a second name of it, or, where files
    /// could not be linked, a copy of the same bytes.
    private func isRoster(_ path: String) -> Bool {
        if FileSystem.isSameFile(path, rosterPath) { return true }
        guard FileSystem.size(of: path) == FileSystem.size(of: rosterPath), FileSystem.size(of: path) > 0,
            let version = try? FileSystem.read(path), let roster = try? FileSystem.read(rosterPath)
        else { return false }
        return version == roster
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

    /// Makes the `students.plist.bak` that roster kept before it had a history the oldest
    /// version, when it is roster's own; another user's is left alone, never adopted.
    private func adoptOldBackup() throws {
        let backup = rosterPath + ".bak"
        guard FileSystem.isPlainFile(backup), (try? FileSystem.checkOwnFile(backup, owners: owners)) != nil
        else { return }
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
            backup, to: folder + "/" + Self.name(sequence: 0, state: .done, change: change))
    }

    // MARK: Names

    /// A change's number as a version's name starts with it: eight digits, `00000012`.
    static func sequenceText(_ sequence: Int) -> String {
        let number = String(sequence)
        return String(repeating: "0", count: max(0, 8 - number.count)) + number
    }

    private static func name(sequence: Int, state: State, change: RosterChange) -> String {
        let command = String(
            change.command.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }.prefix(32))
        let seconds = min(max(Int64(change.date.timeIntervalSince1970), 0), latestSeconds)
        return sequenceText(sequence) + "-\(state.rawValue)-"
            + "\(seconds)-\(change.studentsBefore)-\(change.studentsAfter)-"
            + (command.isEmpty ? "change" : command) + (change.link.map { "." + $0 } ?? "") + ".plist"
    }

    /// The path of a version with its state letter, the tenth character of its name, changed.
    private static func path(_ path: String, as state: State) -> String {
        let nameStart = path.utf8.count - Path.name(of: path).utf8.count
        var bytes = Array(path.utf8)
        bytes[nameStart + 9] = UInt8(ascii: Unicode.Scalar(String(state.rawValue)) ?? "u")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The version a file name describes, read strictly: eight digits, `u`, `r` or `p`, seconds
    /// up to the year 9999, two counts, and a change of ASCII letters, digits and dashes;
    /// anything else is not roster's name and `nil`.
    static func entry(named name: String, in folder: String) -> Entry? {
        guard name.hasSuffix(".plist"), name.utf8.count <= 120 else { return nil }
        let stem = name.dropLast(6)
        let halves = stem.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let link = halves.count == 2 ? String(halves[1]) : nil
        if let link, !isLink(link) { return nil }
        let parts = halves[0].split(separator: "-", maxSplits: 5, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in
            !part.isEmpty && part.count <= 12 && part.allSatisfy(\.isASCIIDigit)
        }
        guard parts.count == 6, parts[0].count == 8, isDigits(parts[0]), let sequence = Int(parts[0]),
            parts[1].count == 1, let letter = parts[1].first, let state = State(rawValue: letter),
            isDigits(parts[2]), let seconds = Int64(parts[2]), seconds <= latestSeconds,
            isDigits(parts[3]), parts[3].count <= 9, let before = Int(parts[3]),
            isDigits(parts[4]), parts[4].count <= 9, let after = Int(parts[4]),
            (1...32).contains(parts[5].count),
            parts[5].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        var change = RosterChange(
            command: String(parts[5]), date: Date(timeIntervalSince1970: TimeInterval(seconds)),
            studentsBefore: before, studentsAfter: after, isUndone: state == .undone)
        change.link = link
        return Entry(sequence: sequence, state: state, change: change, path: folder + "/" + name)
    }
}
