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
    /// Changes two rosters as one, for students who move from `url` to `destination`: both are
    /// read under their locks, `change` edits both (given both classes' markbooks, which it reads
    /// and does not change), and both are written in one journaled change
    /// (see ``change(of:_:)``), each with a step in its own history that names the other, so that
    /// ``undo(at:)`` in either takes back both.
    ///
    /// - Throws: ``StorageError`` when either roster is missing (a class deleted or renamed
    ///   while the move waited), and what `change` throws; nothing is written then.
    static func moveStudents<Result>(
        from url: URL, to destination: URL, summary: (Result) -> String? = { _ in nil },
        _ change: (inout [Student], inout [Student], _ markbooks: (from: Markbook, to: Markbook)) throws ->
            Result
    ) throws -> Result {
        try self.change(of: [url, destination]) { rosters in
            let decoded = try rosters.map { roster in
                guard let read = try roster.decoded() else {
                    throw StorageError.fileSystem(
                        path: roster.path, action: "move the students", code: ENOENT)
                }
                return read
            }
            var (source, target) = (decoded[0].students, decoded[1].students)
            let markbooks = (try markbook(of: rosters[0]), try markbook(of: rosters[1]))
            let result = try change(&source, &target, markbooks)
            // Each history names the other roster, so that undo takes back both halves as one.
            let link = RosterHistory.newLink()
            try rosters[0].history.keepPartner(link, otherRoster: rosters[1].path)
            try rosters[1].history.keepPartner(link, otherRoster: rosters[0].path)
            let outcomes = try zip(decoded, [source, target]).map { before, after in
                var made = RosterChange(
                    command: "move", date: Date(), studentsBefore: before.students.count,
                    studentsAfter: after.count)
                made.link = link
                made.summary = summary(result)
                return Outcome.replace(
                    with: try RosterCodec.fileWriter(after, conventions: before.conventions), change: made)
            }
            return (outcomes, result)
        }
    }

    /// Moves the roster at `url` to `destination`, with its history (so that its changes can
    /// still be undone there), its pick round, its groups and its seating plan, as one change.
    ///
    /// Both rosters' locks are held throughout, so no command changes either meanwhile; the
    /// renames are recorded in a ``Journal`` first, so a move cut short is finished by the next
    /// command on either name. What is beside the roster must be roster's own, and the new name
    /// is claimed, never overwritten.
    ///
    /// - Parameters:
    ///   - url: The roster to move; it must exist.
    ///   - destination: Where it goes; no roster may be there. Its folder is made when missing.
    ///   - replacing: Whether a roster already at `destination`, and what is beside it, is
    ///     removed (for the one deleted copy of a class that is kept).
    /// - Throws: ``StorageError`` when there is no roster at `url`, one at `destination`, a file
    ///   beside it is not roster's own, or a file cannot be moved.
    package static func moveRoster(at url: URL, to destination: URL, replacing: Bool = false) throws {
        let (path, target) = (url.standardizedFileURL.path, destination.standardizedFileURL.path)
        try Journal.checkRelated([path, target])
        try FileSystem.createFolder(Path.folder(of: target))
        try underLocks(of: [path, target]) {
            guard FileSystem.isPlainFile(path) else {
                throw StorageError.fileSystem(path: path, action: "move the roster", code: ENOENT)
            }
            for roster in [path, target] { FileSystem.removeLeftovers(beside: roster) }
            try checkFilesBeside(path)
            // What a move sets aside to remove must be roster's own too.
            if replacing, FileSystem.isPlainFile(target) { try checkFilesBeside(target) }
            var journal = Journal(rosters: [path, target])
            let (besides, targets) = (filesBeside(path, in: journal), filesBeside(target, in: journal))
            for old in [targets.roster] + targets.side where try FileSystem.exists(try journal.path(of: old))
            {
                guard replacing else {
                    throw StorageError.fileSystem(
                        path: try journal.path(of: old), action: "move the roster onto", code: EEXIST)
                }
                let aside = old.twin(FileSystem.newTemporaryUnique(), setAside: true)
                journal.steps.append(Journal.Step(from: old, to: aside, claims: true))
                journal.trash.append(aside)
            }
            for (side, moved) in zip(besides.side, targets.side)
            where try FileSystem.exists(try journal.path(of: side)) {
                journal.steps.append(Journal.Step(from: side, to: moved, claims: true))
            }
            journal.steps.append(Journal.Step(from: besides.roster, to: targets.roster, claims: true))
            try journal.record()
            try finish(journal)
            // Nothing of the old name is left; a command that waited for it opens the name again.
            FileLock.remove(besideRoster: path)
        }
    }

    /// Checks that what is kept beside the roster at `path` is roster's own, as every command
    /// that reads it would: a planted link, pipe, device or another user's file is refused
    /// before anything moves.
    private static func checkFilesBeside(_ path: String) throws {
        let owners = FileSystem.trustedOwners(ofRoster: path)
        _ = try RosterHistory(rosterPath: path).entries()
        for side in [SideFile.picks, .groups, .seats, .markbook] {
            try FileSystem.checkOwnFile(side.path(besideRoster: path), owners: owners, singleName: true)
        }
    }

    /// The roster at `path`, and what roster keeps beside it: its history, its pick round, its
    /// groups, its seating plan and its markbook, as `journal` names them.
    private static func filesBeside(_ path: String, in journal: Journal) -> (
        roster: Journal.File, side: [Journal.File]
    ) {
        (
            journal.file(.roster, of: path),
            [.history, .picks, .groups, .seats, .markbook].map { journal.file($0, of: path) }
        )
    }
}
