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

/// The record of one change of several files, kept beside every roster it touches while the
/// change is made, so that a change cut short by a kill or a failed disk is finished by the next
/// command on any of those rosters.
///
/// A change of one roster is one `rename`, which the system makes whole or not at all. A change
/// of several (a student moved between two classes, a class renamed with its history) is several
/// renames, and a process killed between two of them would leave a student in two classes, or a
/// history beside the wrong roster. So the renames are written down first:
///
/// 1. every new file is written and synced under a temporary name, with every roster's lock held;
/// 2. the journal is written beside each roster but the first (in lock order), then beside the
///    first: that last copy, the *primary*, is the moment the change is decided;
/// 3. the renames are made, in order;
/// 4. the primary is removed (the change is done), then the other copies.
///
/// A command that finds a copy beside its roster takes the locks of every roster the journal
/// names and finishes the renames when the primary is there (the change was decided), or drops
/// the copies when it is not (nothing was renamed yet). A rename is made only when it was not
/// made before (see ``stepsToMake()``), so finishing twice changes nothing; a rename that claims a
/// new name never replaces what is there.
///
/// A journal names files, never paths: each roster by its file name, in the copy's own folder, a
/// folder inside it or the folder above it (a class and its deleted copy, the default roster and
/// its classes), and each step as one of roster's own kinds of file beside one of those rosters
/// (see ``File``). Every path is derived again from those names when the journal is read, so a
/// crafted journal can only make roster rename its own kinds of file among those rosters, and a
/// copy is carried out only when roster can trust it (see ``readTrustedCopy(_:)``).
struct Journal: Equatable {
    /// One rename of the change.
    struct Step: Codable, Equatable {
        /// What is renamed.
        let from: File
        /// Its new name.
        let to: File
        /// Whether `to` must be free: a class's new name, which is never overwritten.
        let claims: Bool
    }

    /// The rosters the change touches, in the order their locks are taken.
    let rosters: [String]
    /// The renames, in order.
    var steps: [Step] = []
    /// What the renames set aside to be removed once they are made, such as the deleted copy of
    /// a class that a newer one replaces.
    var trash: [File] = []

    /// A journal of a change of the rosters at `rosters`, whose locks are taken in path order.
    init(rosters: [String]) {
        self.rosters = Array(Set(rosters)).sorted()
    }

    /// The most bytes a journal may hold: more is not roster's file.
    static let limit = 1 << 20

    /// Where the copy of a journal that concerns the roster at `rosterPath` is kept:
    /// `.students.plist.journal` beside it.
    static func path(besideRoster rosterPath: String) -> String {
        Path.beside(rosterPath, prefix: ".", suffix: ".journal")
    }

    /// The copy whose presence says the change is decided.
    var primary: String { Self.path(besideRoster: rosters.first ?? "") }

    /// `kind` of file of the roster at `roster`, which must be one of ``rosters``.
    func file(_ kind: File.Kind, of roster: String) -> File {
        File(roster: rosters.firstIndex(of: roster) ?? -1, kind: kind)
    }

    /// The path of `file`, derived from the rosters' names.
    ///
    /// - Throws: ``StorageError/refusedJournal(path:reason:)`` for a file that is not one of
    ///   roster's own kinds beside one of the rosters.
    func path(of file: File) throws -> String {
        guard let path = file.path(among: rosters) else {
            throw StorageError.refusedJournal(path: primary, reason: "it names a file roster does not make")
        }
        return path
    }

    /// Writes the journal durably beside every roster, the primary last.
    ///
    /// - Throws: ``StorageError/unrelatedFolders(path:otherPath:)`` when the rosters' folders
    ///   cannot be named from one another, before anything is written.
    func record() throws {
        var copies: [(path: String, bytes: [UInt8])] = []
        for roster in rosters.dropFirst() + rosters.prefix(1) {
            let record = try JournalRecord(self, seenFrom: Path.folder(of: roster))
            copies.append((Self.path(besideRoster: roster), Array(try JSONEncoder().encode(record))))
        }
        for copy in copies {
            // Never given to another owner: a journal is carried out only by the user who wrote it.
            let file = try FileSystem.Replacement(of: copy.path, handsToOwner: false)
            try file.write(copy.bytes)
            try file.commit()
        }
    }

    /// Makes every rename not made yet, removes the trash, then the journal, primary first.
    ///
    /// - Throws: ``StorageError`` when a rename fails, or a name to be claimed is taken: the
    ///   journal stays, for the next command to finish.
    func finish() throws {
        for step in try stepsToMake() {
            let (from, to) = (try path(of: step.from), try path(of: step.to))
            if step.claims, try FileSystem.exists(to) {
                throw StorageError.fileSystem(path: to, action: "move the roster onto", code: EEXIST)
            }
            guard rename(from, to) == 0 else { throw FileSystem.failure(to, action: "replace") }
        }
        for folder in Set(try steps.map { Path.folder(of: try path(of: $0.to)) }) {
            FileSystem.syncFolder(folder)
        }
        for file in trash { try? FileManager.default.removeItem(atPath: try path(of: file)) }
        try removeCopies()
    }

    /// The renames not made yet, in order.
    ///
    /// A rename is made when its source is gone, or when a later rename that is made filled its
    /// source again: deleting a class over its older deleted copy sets the copy aside, then puts
    /// the class where it was, and the class found there is not set aside a second time.
    func stepsToMake() throws -> [Step] {
        var made = [Bool](repeating: false, count: steps.count)
        for index in steps.indices.reversed() {
            let refilled = steps.indices.contains { later in
                later > index && made[later] && steps[later].to == steps[index].from
            }
            made[index] = try refilled || !FileSystem.exists(try path(of: steps[index].from))
        }
        return steps.indices.filter { !made[$0] }.map { steps[$0] }
    }

    /// Removes the copies of a journal whose change was never decided (there is no primary), or
    /// whose renames are all made: the primary first, so that no copy outlives it.
    func removeCopies() throws {
        for roster in rosters {
            let copy = Self.path(besideRoster: roster)
            guard unlink(copy) == 0 || errno == ENOENT else {
                throw FileSystem.failure(copy, action: "remove")
            }
            FileSystem.syncFolder(Path.folder(of: copy))
        }
    }

    /// Checks, before anything is written, that a journal can name each of the rosters at
    /// `paths` from beside any other: they are in one folder, or one's folder is inside
    /// another's.
    ///
    /// - Throws: ``StorageError/unrelatedFolders(path:otherPath:)`` when two are not.
    static func checkRelated(_ paths: [String]) throws {
        for path in paths {
            let folder = Path.folder(of: path)
            if let other = paths.first(where: { JournalRecord.place(of: $0, seenFrom: folder) == nil }) {
                throw StorageError.unrelatedFolders(path: path, otherPath: other)
            }
        }
    }

    /// Finishes or drops the change whose journal was found beside the roster at `rosterPath`,
    /// under the locks of every roster it names; the caller holds none of them.
    ///
    /// - Throws: ``StorageError/refusedJournal(path:reason:)`` for a journal roster cannot trust
    ///   or read, and what ``finish()`` throws.
    static func recover(besideRoster rosterPath: String) throws {
        try recover(copy: path(besideRoster: rosterPath))
    }

    /// Finishes or drops every change whose journal is in `folder`, such as a folder of classes,
    /// so that a listing of it shows each class once, under its one name.
    static func recoverAll(in folder: String) throws {
        for name in try FileSystem.names(inFolder: folder)
        where name.hasPrefix(".") && name.hasSuffix(".plist.journal") {
            try recover(copy: folder + "/" + name)
        }
    }

    private static func recover(copy: String) throws {
        guard let bytes = try readTrustedCopy(copy) else { return }
        guard let record = try? JSONDecoder().decode(JournalRecord.self, from: bytes) else {
            throw StorageError.refusedJournal(
                path: copy, reason: "it is not a journal of a change roster was making")
        }
        let journal = try record.journal(seenFrom: copy)
        try FileLock.withLocks(journal.rosters) {
            // Another command may have finished it while this one waited for the locks.
            guard try FileSystem.exists(copy) else { return }
            if try FileSystem.exists(journal.primary) {
                try journal.finish()
            } else {
                try journal.removeCopies()
            }
        }
    }

    /// The bytes of the journal copy at `copy`, when roster can trust it; `nil` when there is
    /// none.
    ///
    /// A journal is trusted only when it is a regular file of one name, owned by the user
    /// running roster and writable by nobody else, in a folder that others cannot write to (or
    /// a sticky folder of this user's, where others cannot replace it): whoever else could have
    /// written it could otherwise make roster rename files for them.
    ///
    /// - Throws: ``StorageError/refusedJournal(path:reason:)`` saying why it is not trusted.
    static func readTrustedCopy(_ copy: String) throws -> Data? {
        let descriptor = open(copy, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw StorageError.refusedJournal(path: copy, reason: "it is a link") }
            throw FileSystem.failure(copy, action: "read")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystem.failure(copy, action: "read") }
        let folder = Path.folder(of: copy)
        var folderStatus = stat()
        guard stat(folder.isEmpty ? "." : folder, &folderStatus) == 0 else {
            throw FileSystem.failure(folder, action: "read the folder")
        }
        if let reason = distrust(status, folder: folderStatus) {
            throw StorageError.refusedJournal(path: copy, reason: reason)
        }
        guard status.st_size <= limit else { throw StorageError.tooLarge(path: copy, limit: limit) }
        return try FileSystem.readToEnd(descriptor, path: copy, limit: limit)
    }

    /// Why a journal with `status`, in a folder with `folder`'s status, is not trusted; `nil`
    /// when it is.
    private static func distrust(_ status: stat, folder: stat) -> String? {
        if status.st_mode & S_IFMT != S_IFREG { return "it is not a regular file" }
        if status.st_uid != geteuid() { return "it belongs to another user" }
        if status.st_nlink != 1 { return "it has other names" }
        if status.st_mode & 0o022 != 0 { return "others may write to it" }
        let sticky = folder.st_mode & S_ISVTX != 0 && folder.st_uid == geteuid()
        if folder.st_mode & 0o022 != 0 && !sticky { return "others may write to its folder" }
        return nil
    }
}
