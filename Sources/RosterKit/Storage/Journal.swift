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
struct Journal: Codable, Equatable {
    /// One rename of the change.
    struct Step: Codable, Equatable {
        /// What is renamed.
        let from: String
        /// Its new name.
        let to: String
        /// Whether `to` must be free: a class's new name, which is never overwritten.
        let claims: Bool
    }

    /// The rosters the change touches, in the order their locks are taken.
    let rosters: [String]
    /// The renames, in order.
    let steps: [Step]
    /// What the renames set aside to be removed once they are made, such as the deleted copy of
    /// a class that a newer one replaces.
    let trash: [String]

    /// The most bytes a journal may hold: more is not roster's file.
    static let limit = 1 << 20

    /// Where the copy of a journal that concerns the roster at `rosterPath` is kept:
    /// `.students.plist.journal` beside it.
    static func path(besideRoster rosterPath: String) -> String {
        Path.beside(rosterPath, prefix: ".", suffix: ".journal")
    }

    /// The copy whose presence says the change is decided.
    var primary: String { Self.path(besideRoster: rosters.first ?? "") }

    /// Writes the journal durably beside every roster, the primary last.
    func record() throws {
        let bytes = Array(try JSONEncoder().encode(self))
        for roster in rosters.dropFirst() + rosters.prefix(1) {
            try FileSystem.replaceOwnFile(
                Self.path(besideRoster: roster), with: bytes,
                owners: FileSystem.trustedOwners(ofRoster: roster))
        }
    }

    /// Makes every rename not made yet, removes the trash, then the journal, primary first.
    ///
    /// - Throws: ``StorageError`` when a rename fails, or a name to be claimed is taken: the
    ///   journal stays, for the next command to finish.
    func finish() throws {
        for step in try stepsToMake() {
            if step.claims, try FileSystem.exists(step.to) {
                throw StorageError.fileSystem(path: step.to, action: "move the roster onto", code: EEXIST)
            }
            guard rename(step.from, step.to) == 0 else {
                throw FileSystem.failure(step.to, action: "replace")
            }
        }
        for folder in Set(steps.map { Path.folder(of: $0.to) }) { FileSystem.syncFolder(folder) }
        for path in trash { try? FileManager.default.removeItem(atPath: path) }
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
            made[index] = try refilled || !FileSystem.exists(steps[index].from)
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

    /// Finishes or drops the change whose journal was found beside the roster at `rosterPath`,
    /// under the locks of every roster it names; the caller holds none of them.
    ///
    /// - Throws: ``StorageError/notOwnFile(path:)`` for a journal roster did not write,
    ///   ``StorageError/damaged(path:reason:)`` for one that cannot be read, and what
    ///   ``finish()`` throws.
    static func recover(besideRoster rosterPath: String) throws {
        try recover(
            copy: path(besideRoster: rosterPath), owners: FileSystem.trustedOwners(ofRoster: rosterPath))
    }

    /// Finishes or drops every change whose journal is in `folder`, such as a folder of classes,
    /// so that a listing of it shows each class once, under its one name.
    static func recoverAll(in folder: String) throws {
        // The folder may be shared; each journal in it is checked to be roster's own as it is read.
        let owners = FileSystem.trustedOwners(ofRoster: folder + "/.")
        for name in try FileSystem.names(inFolder: folder)
        where name.hasPrefix(".") && name.hasSuffix(".plist.journal") {
            try recover(copy: folder + "/" + name, owners: owners)
        }
    }

    private static func recover(copy: String, owners: [uid_t]) throws {
        guard let bytes = try FileSystem.readOwnFile(copy, limit: limit, owners: owners) else { return }
        guard let journal = try? JSONDecoder().decode(Journal.self, from: bytes), !journal.rosters.isEmpty
        else {
            throw StorageError.damaged(
                path: copy, reason: "it is not a journal of a change roster was making")
        }
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
}
