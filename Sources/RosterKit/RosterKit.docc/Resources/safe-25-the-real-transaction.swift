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

/// The one transaction every change to a roster goes through.
///
/// Adding, editing, removing, deleting all, importing, undoing, redoing, marking the register and
/// keeping the pick round are all the same seven steps, written once here:
///
/// 1. take the roster's lock, held to the end, so that two changes never interleave;
/// 2. remove the temporary files of a writer that was killed;
/// 3. read the roster once, so that what decides the change is what the lock protects;
/// 4. let the change decide what to do with it (an ``Outcome``);
/// 5. keep the version it replaces in the history, marked pending;
/// 6. replace the roster atomically (a synced temporary file renamed over it);
/// 7. settle the version and prune the history.
///
/// A process killed between any two steps leaves the old roster or the new one, and a history
/// that describes only changes that happened (see ``RosterHistory``).
extension StorageHandler {
    /// What a change makes of the roster it was shown.
    enum Outcome {
        /// The roster's new file, and the change that made it, for the history.
        case replace(with: RosterCodec.FileWriter, change: RosterChange)
        /// The roster's new file and the class's new markbook, written as one change: the
        /// markbook as it was is kept with the roster's version, so that undo takes back both.
        case replaceWithMarkbook(with: RosterCodec.FileWriter, markbook: [UInt8], change: RosterChange)
        /// A version kept in the history takes the roster's place: an undo or a redo.
        case restore(RosterHistory.Entry)
        /// A private file beside the roster, such as the pick round: not a change to undo.
        case keepBeside(SideFile, bytes: [UInt8])
        /// Nothing is written.
        case unchanged
    }

    /// The roster as a change finds it, read under the lock.
    struct Current {
        /// The roster file, links followed.
        let path: String
        /// The file's bytes, or `nil` when there is no roster yet.
        let bytes: Data?
        /// The markbook's bytes as a snapshot read them with the roster, when it did.
        private(set) var markbook: Data??

        init(path: String, bytes: Data?, markbook: Data?? = nil) {
            (self.path, self.bytes, self.markbook) = (path, bytes, markbook)
        }

        /// The roster's history of versions.
        var history: RosterHistory { RosterHistory(rosterPath: path) }

        /// The students and the file's conventions, or `nil` when there is no roster yet.
        func decoded() throws -> (students: [Student], conventions: FileConventions)? {
            try bytes.map { try RosterCodec.decode($0, path: path) }
        }

        /// The students in the class today, leavers left out (see ``Student/hasLeft(by:)``): those
        /// a lesson's picks, groups and seats are made of.
        func classStudents() throws -> [Student] {
            (try decoded()?.students ?? []).filter { !$0.hasLeft() }
        }

        /// The bytes of a file kept beside the roster, or `nil` when there is none.
        func read(_ file: SideFile) throws -> Data? {
            if file.suffix == SideFile.markbook.suffix, let markbook { return markbook }
            return try FileSystem.readOwnFile(
                file.path(besideRoster: path), limit: file.limit,
                owners: FileSystem.trustedOwners(ofRoster: path))
        }
    }

    /// Runs one change of the roster at `url` through the seven steps above.
    ///
    /// - Parameters:
    ///   - url: The roster file.
    ///   - writes: Whether the change may write; `false` for a reading, such as the history's,
    ///     that only needs the lock, and does not read the roster itself (``Current/bytes`` is
    ///     `nil` then).
    ///   - decide: Shown the roster as it is under the lock, returns what to do and what the
    ///     caller gets back; throwing cancels the change and leaves every file as it was.
    /// - Returns: What `decide` returned.
    static func change<Result>(
        at url: URL, writes: Bool = true, _ decide: (Current) throws -> (Outcome, Result)
    ) throws -> Result {
        let path = try FileSystem.rosterTarget(url.path)
        // A read-only file system is named at once, as the roster's, before anything is decided.
        if writes, FileSystem.isOnReadOnlyFileSystem(path) {
            throw StorageError.fileSystem(path: path, action: "change", code: EROFS)
        }
        return try underLocks(of: [path]) {
            FileSystem.removeLeftovers(beside: path)
            let current = Current(path: path, bytes: writes ? try readBytes(path) : nil)
            let (outcome, result) = try decide(current)
            try carryOut(outcome, at: current)
            return result
        }
    }

    /// Runs one change of several rosters, such as a move from one class to another, as one: the
    /// seven steps above for each roster, with the renames of step 6 written down first in a
    /// ``Journal``, so that a kill or a failed disk at any point leaves every roster old or every
    /// roster new, once the next command has finished the journal.
    ///
    /// - Parameters:
    ///   - urls: The roster files; their locks are taken in one fixed order.
    ///   - decide: Shown the rosters as they are under the locks, in the order of `urls`, returns
    ///     what to do with each (``Outcome/replace(with:change:)`` or ``Outcome/unchanged``) and
    ///     what the caller gets back; throwing cancels the change.
    /// - Returns: What `decide` returned.
    static func change<Result>(of urls: [URL], _ decide: ([Current]) throws -> ([Outcome], Result)) throws
        -> Result
    {
        let paths = try urls.map { try FileSystem.rosterTarget($0.path) }
        try Journal.checkRelated(paths)
        if let path = paths.first(where: FileSystem.isOnReadOnlyFileSystem) {
            throw StorageError.fileSystem(path: path, action: "change", code: EROFS)
        }
        return try underLocks(of: paths) {
            for path in paths { FileSystem.removeLeftovers(beside: path) }
            let rosters = try paths.map { Current(path: $0, bytes: try readBytes($0)) }
            let (outcomes, result) = try decide(rosters)
            try carryOut(outcomes, at: rosters)
            return result
        }
    }

    /// Runs `body` holding the locks of the rosters at `paths`, once any change of them that a
    /// killed command left in a ``Journal`` is finished.
    static func underLocks<Result>(of paths: [String], _ body: () throws -> Result) throws -> Result {
        // Each pass finishes one journal; a journal written again and again is a busy roster.
        for _ in 0..<8 {
            let attempt = try FileLock.withLocks(paths) {
                () throws -> Swift.Result<Result, UnfinishedJournal> in
                // Under the locks no new journal can name these rosters: one found now is left
                // by a command that stopped, and is finished before anything is read.
                if let path = try paths.first(where: { try FileSystem.exists(Journal.path(besideRoster: $0)) }
                ) {
                    return .failure(UnfinishedJournal(rosterPath: path))
                }
                return .success(try body())
            }
            switch attempt {
            case .success(let result): return result
            case .failure(let unfinished): try Journal.recover(besideRoster: unfinished.rosterPath)
            }
        }
        throw StorageError.busy(
            path: paths.first ?? "", seconds: Int(FileLock.defaultTimeout.components.seconds))
    }

    /// Steps 5 to 7: writes what a change decided.
    private static func carryOut(_ outcome: Outcome, at current: Current) throws {
        let (path, history) = (current.path, current.history)
        switch outcome {
        case .replaceWithMarkbook:
            // Two files: the roster and the markbook, renamed together by a journal.
            try carryOut([outcome], at: [current])
        case .restore(let entry) where try history.keptMarkbook(of: entry) != nil:
            try carryOut([outcome], at: [current])
        case .replace(let writer, let change):
            let version = try history.keepVersion(before: change, exists: current.bytes != nil)
            do {
                let file = try FileSystem.Replacement(of: path)
                try writer(file.write)
                try file.commit()
            } catch {
                history.discard(version)
                throw error
            }
            history.settle(version)
        case .restore(let entry):
            try history.swapIn(entry)
        case .keepBeside(let file, let bytes):
            try FileSystem.replaceOwnFile(
                file.path(besideRoster: path), with: bytes, owners: FileSystem.trustedOwners(ofRoster: path))
        case .unchanged:
            break
        }
    }

    /// Steps 5 to 7 for several rosters: every new file written and synced, every version kept,
    /// then the renames recorded in a ``Journal`` and made.
    private static func carryOut(_ outcomes: [Outcome], at rosters: [Current]) throws {
        guard outcomes.contains(where: { if case .unchanged = $0 { false } else { true } }) else { return }
        var prepared = PreparedChange(journal: Journal(rosters: rosters.map(\.path)))
        do {
            for (outcome, current) in zip(outcomes, rosters) { try prepared.prepare(outcome, at: current) }
            try prepared.recordJournal()
        } catch {
            // Nothing was renamed: the change is dropped whole.
            prepared.drop()
            throw error
        }
        try finish(prepared.journal)
        prepared.settle()
    }

    /// What a change of several files has made ready before its renames: the versions kept, the
    /// swaps of undo and redo, the new files written and synced, and the journal's steps.
    private struct PreparedChange {
        var journal: Journal
        var versions: [(history: RosterHistory, version: String)] = []
        var swaps: [(history: RosterHistory, swap: RosterHistory.Swap)] = []
        var files: [(file: FileSystem.Replacement, replaces: Journal.File)] = []

        /// Keeps the version and writes the new files `outcome` needs, or readies its swap.
        mutating func prepare(_ outcome: Outcome, at current: Current) throws {
            switch outcome {
            case .replace(let writer, let change), .replaceWithMarkbook(let writer, _, let change):
                let version = try current.history.keepVersion(before: change, exists: current.bytes != nil)
                versions.append((current.history, version))
                let file = try FileSystem.Replacement(of: current.path)
                try writer(file.write)
                files.append((file, journal.file(.roster, of: current.path)))
                if case .replaceWithMarkbook(_, let markbook, _) = outcome {
                    // The markbook as it was goes with the version, before the change is decided.
                    try current.history.keepMarkbook(try current.read(.markbook), forVersion: version)
                    try addFile(.markbook, of: current, markbook)
                }
            case .restore(let entry):
                swaps.append((current.history, try current.history.prepareSwap(entry)))
                var version = journal.file(.version, of: current.path)
                version.version = Path.name(of: entry.path)
                journal.steps.append(
                    Journal.Step(from: version, to: journal.file(.roster, of: current.path), claims: false))
                if let kept = try current.history.keptMarkbook(of: entry) {
                    // The two markbooks change places, as the two rosters do.
                    let live = try current.read(.markbook) ?? Data()
                    try addFile(.markbook, of: current, Array(kept))
                    try addFile(.keptMarkbook, sequence: entry.sequence, of: current, Array(live))
                }
            case .keepBeside, .unchanged:
                break
            }
        }

        /// Writes and syncs `bytes` as a new `kind` of file of `current`'s roster, for the
        /// journal to rename over it.
        private mutating func addFile(
            _ kind: Journal.File.Kind, sequence: Int? = nil, of current: Current, _ bytes: [UInt8]
        ) throws {
            var name = journal.file(kind, of: current.path)
            name.sequence = sequence
            let file = try FileSystem.Replacement(of: try journal.path(of: name))
            try file.write(bytes)
            files.append((file, name))
        }

        /// Records, durably, the journal of every rename: the swaps', then each new file's.
        mutating func recordJournal() throws {
            for (file, replaces) in files {
                _ = try file.handOver()
                journal.steps.append(
                    Journal.Step(from: replaces.twin(file.unique), to: replaces, claims: false))
            }
            try journal.record()
        }

        /// Takes back everything made ready, when the change fails before any rename.
        func drop() {
            for kept in versions { kept.history.discard(kept.version) }
            for kept in swaps { unlink(kept.swap.opposite) }
            for (file, _) in files { unlink(file.temporary) }
            try? Journal(rosters: journal.rosters).removeCopies()
        }

        /// Settles the versions and swaps once the renames are made.
        func settle() {
            for kept in versions { kept.history.settle(kept.version) }
            for kept in swaps { kept.history.finishSwap(kept.swap) }
        }
    }

    /// Makes a recorded journal's renames, trying once more when a step fails (a disk's passing
    /// error); when it fails again, the journal stays for the next command to finish.
    static func finish(_ journal: Journal) throws {
        if (try? journal.finish()) != nil { return }
        try journal.finish()
    }

    /// A whole-roster change: decodes the students (as `Students`, which may keep names as the
    /// file's bytes), lets `change` edit them and the file's conventions in place, and writes
    /// them back in the file's format. The history's summary is made from what `change` returned.
    static func rewrite<Students, Result>(
        at url: URL, command: String, empty: Students, count: (Students) -> Int,
        decode: (Data, String) throws -> (Students, FileConventions),
        encode: (Students, FileConventions) throws -> RosterCodec.FileWriter,
        summary: (Result) -> String?,
        change: (inout Students, inout FileConventions) throws -> Result
    ) throws -> Result {
        try self.change(at: url) { current in
            // The students are held in one place only, so that `change` edits them in place
            // instead of copying a large roster first.
            var (students, conventions) =
                try current.bytes.map { try decode($0, current.path) } ?? (empty, .binary)
            let before = count(students)
            let result = try change(&students, &conventions)
            var made = RosterChange(
                command: command, date: Date(), studentsBefore: before, studentsAfter: count(students))
            made.summary = summary(result)
            return (.replace(with: try encode(students, conventions), change: made), result)
        }
    }

    /// A change of a few students that may find nothing to do, such as a register mark that is
    /// already so: `change` edits the roster, held as a ``StoredRoster`` so that no name is made
    /// that is not needed, and says whether anything changed; when nothing did, nothing is
    /// written and the history keeps no step.
    static func changeStored<Result>(
        at url: URL, command: String, summary: (Result) -> String? = { _ in nil },
        _ change: (inout StoredRoster) throws -> (changed: Bool, result: Result)
    ) throws -> Result {
        try changeStored(at: url, command: command, summary: summary) { roster, _ in try change(&roster) }
    }

    /// A change of a few students, made as the one above makes it, whose `change` also reads what
    /// the class keeps beside its roster (such as the markbook its marks are on) as `Current`
    /// shows it, under the same lock.
    static func changeStored<Result>(
        at url: URL, command: String, summary: (Result) -> String? = { _ in nil },
        _ change: (inout StoredRoster, Current) throws -> (changed: Bool, result: Result)
    ) throws -> Result {
        try self.change(at: url) { current in
            var (roster, conventions) =
                try current.bytes.map { try RosterCodec.decodeStored($0, path: current.path) }
                ?? (StoredRoster([]), .binary)
            let before = roster.count
            let (changed, result) = try change(&roster, current)
            guard changed else { return (.unchanged, result) }
            var made = RosterChange(
                command: command, date: Date(), studentsBefore: before, studentsAfter: roster.count)
            made.summary = summary(result)
            return (
                .replace(with: try RosterCodec.fileWriter(roster, conventions: conventions), change: made),
                result
            )
        }
    }

    /// Reads the roster file and decodes it; `nil` when there is none.
    static func readRoster<Decoded>(_ path: String, decode: (Data) throws -> Decoded) throws -> Decoded? {
        // A change of several rosters that a stopped command left half made is finished first,
        // so that no one reads half of it.
        if try FileSystem.exists(Journal.path(besideRoster: path)) { try Journal.recover(besideRoster: path) }
        return try readBytes(path).map(decode)
    }

    /// The roster file's bytes, once its ends show it may be a roster.
    static func readBytes(_ path: String) throws -> Data? {
        try FileSystem.read(path) { head, tail, size in
            try RosterCodec.checkEnds(head: head, tail: tail, size: size, path: path)
        }
    }

}

/// A small private file that roster keeps beside a roster, such as `.students.plist.picks`.
struct SideFile: Sendable {
    /// The pick round of ``FairPicker``.
    static let picks = SideFile(suffix: "picks", limit: 1 << 20)
    /// The apart sets and recent groupings of ``ClassGroups``.
    static let groups = SideFile(suffix: "groups", limit: 4 << 20)
    /// The seating plan of ``ClassSeats``.
    static let seats = SideFile(suffix: "seats", limit: 1 << 20)
    /// The class's ``Markbook``: its assessments, categories and scale, versioned with the
    /// roster (see ``StorageHandler/Outcome/replaceWithMarkbook(with:markbook:change:)``).
    static let markbook = SideFile(suffix: "markbook", limit: 4 << 20)

    /// What follows the roster's name: `.students.plist.<suffix>`.
    let suffix: String
    /// The most bytes it may hold: more is not roster's file.
    let limit: Int

    /// The file's path beside the roster at `rosterPath`.
    func path(besideRoster rosterPath: String) -> String {
        Path.beside(rosterPath, prefix: ".", suffix: "." + suffix)
    }
}

/// A journal found beside a roster whose lock was just taken: a change of several files that a
/// stopped command left to finish.
private struct UnfinishedJournal: Error {
    let rosterPath: String
}
