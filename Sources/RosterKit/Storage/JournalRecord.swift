#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Journal {
    /// One of roster's own kinds of file, beside one of a journal's rosters: what a journal's
    /// steps rename, named so that its path can only be derived, never given.
    struct File: Codable, Equatable {
        /// Which of roster's files it is.
        enum Kind: String, Codable {
            /// The roster itself.
            case roster
            /// Its history folder, `.students.plist.history`.
            case history
            /// A version in its history folder, named by ``File/version``.
            case version
            /// A markbook kept in its history folder for the change ``File/sequence``.
            case keptMarkbook
            /// One of the files roster keeps beside it (see ``SideFile``).
            case picks, groups, seats, markbook
        }

        /// The roster's place in the journal's ``Journal/rosters``.
        let roster: Int
        /// Which file of that roster's.
        let kind: Kind
        /// For a ``Kind/version``: its name, as ``RosterHistory`` names versions.
        var version: String?
        /// For a ``Kind/keptMarkbook``: the change's number.
        var sequence: Int?
        /// For the file's temporary twin, written beside it to take its place: what makes the
        /// twin's name unique (see ``FileSystem/temporaryPath(beside:unique:)``).
        var temporary: String?
        /// Whether the temporary twin is the file set aside to be removed (`….tmp.trash`).
        var setAside: Bool?

        /// This file's temporary twin, whose name is made unique by `unique`.
        func twin(_ unique: String, setAside: Bool = false) -> File {
            var twin = self
            twin.temporary = unique
            twin.setAside = setAside ? true : nil
            return twin
        }

        /// The file's path beside the roster it names among `rosters`; `nil` when it does not
        /// describe one of roster's own files.
        func path(among rosters: [String]) -> String? {
            guard rosters.indices.contains(roster), let own = ownPath(beside: rosters[roster]) else {
                return nil
            }
            guard let temporary else { return setAside == nil ? own : nil }
            guard FileSystem.isTemporaryUnique(temporary) else { return nil }
            return FileSystem.temporaryPath(beside: own, unique: temporary)
                + (setAside == true ? ".trash" : "")
        }

        private func ownPath(beside roster: String) -> String? {
            let history = RosterHistory.folder(ofRoster: roster)
            switch kind {
            case .roster: return roster
            case .history: return history
            case .version:
                guard let version, RosterHistory.entry(named: version, in: history) != nil else { return nil }
                return history + "/" + version
            case .keptMarkbook:
                guard let sequence, (0...99_999_999).contains(sequence) else { return nil }
                return RosterHistory.markbookFile(sequence, in: history)
            case .picks: return SideFile.picks.path(besideRoster: roster)
            case .groups: return SideFile.groups.path(besideRoster: roster)
            case .seats: return SideFile.seats.path(besideRoster: roster)
            case .markbook: return SideFile.markbook.path(besideRoster: roster)
            }
        }
    }
}

/// A journal as one copy of it is written: each roster by its file name and where its folder is
/// from the copy's, so that no path is ever read from the file.
///
/// A roster's folder is the copy's own, one or two folders inside it (a class's deleted copy in
/// `.deleted`, the classes in `Classes` or `Documents/Classes` beside a roster), or one or two
/// folders above it: never anywhere else.
struct JournalRecord: Codable {
    /// How many folders a roster's may be inside or above the copy's.
    static let farthest = 2

    /// A roster of the change, seen from the folder of the copy.
    struct Roster: Codable, Equatable {
        /// Its file name.
        let name: String
        /// The names of the folders, one inside the other, that lead from the copy's folder to
        /// the roster's; `nil` when it is the copy's folder or one above it.
        var within: [String]?
        /// How many folders above the copy's the roster's is.
        var above: Int?
    }

    let rosters: [Roster]
    let steps: [Journal.Step]
    let trash: [Journal.File]

    /// The record of `journal` for its copy in `folder`.
    ///
    /// - Throws: ``StorageError/unrelatedFolders(path:otherPath:)`` for a roster whose folder is
    ///   not `folder`, one inside it, or the one above it.
    init(_ journal: Journal, seenFrom folder: String) throws {
        rosters = try journal.rosters.map { roster in
            guard let place = Self.place(of: roster, seenFrom: folder) else {
                throw StorageError.unrelatedFolders(path: roster, otherPath: folder)
            }
            return place
        }
        steps = journal.steps
        trash = journal.trash
    }

    /// Where the roster at `path` is from `folder`; `nil` when it is in no folder a journal names.
    static func place(of path: String, seenFrom folder: String) -> Roster? {
        let (name, rosterFolder) = (Path.name(of: path), Path.folder(of: path))
        var (inner, within) = (rosterFolder, [String]())
        var (outer, above) = (folder, 0)
        for _ in 0...farthest {
            if inner == folder { return Roster(name: name, within: within.isEmpty ? nil : within.reversed()) }
            if outer == rosterFolder { return Roster(name: name, above: above) }
            guard !inner.isEmpty, inner != "/" else { break }
            within.append(Path.name(of: inner))
            inner = Path.folder(of: inner)
            (outer, above) = (Path.folder(of: outer), above + 1)
            if outer.isEmpty && folder.isEmpty { break }
        }
        return nil
    }

    /// The journal this record describes, read from the copy at `copy`, with every roster's
    /// path derived from the copy's folder.
    ///
    /// - Throws: ``StorageError/refusedJournal(path:reason:)`` when a name is not a plain file
    ///   name, a folder is not there, the journal does not name the roster it lies beside, or a
    ///   step names a file roster does not make.
    func journal(seenFrom copy: String) throws -> Journal {
        let folder = Path.folder(of: copy)
        let refuse = { (reason: String) in StorageError.refusedJournal(path: copy, reason: reason) }
        var paths: [String] = []
        for roster in rosters {
            guard Self.isPlainName(roster.name), let rosterFolder = Self.folder(of: roster, seenFrom: folder)
            else { throw refuse("it names a file outside the folders of its change") }
            guard FileSystem.isFolder(rosterFolder.isEmpty ? "." : rosterFolder) else {
                throw refuse("it names a folder that is not there")
            }
            paths.append(Self.joined(rosterFolder, roster.name))
        }
        var journal = Journal(rosters: paths)
        guard !paths.isEmpty, journal.rosters == paths else { throw refuse("its rosters are not in order") }
        let besideCopy = zip(rosters, paths).contains { roster, path in
            roster.within == nil && (roster.above ?? 0) == 0 && Journal.path(besideRoster: path) == copy
        }
        guard besideCopy else { throw refuse("it does not name the roster it lies beside") }
        journal.steps = steps
        journal.trash = trash
        for file in steps.flatMap({ [$0.from, $0.to] }) + trash where file.path(among: paths) == nil {
            throw refuse("it names a file roster does not make")
        }
        return journal
    }

    /// The folder of `roster`, from the copy's `folder`; `nil` when the record names it from
    /// farther than ``farthest`` or in two ways at once.
    private static func folder(of roster: Roster, seenFrom folder: String) -> String? {
        switch (roster.within, roster.above) {
        case (let within?, nil) where (1...farthest).contains(within.count) && within.allSatisfy(isPlainName):
            return within.reduce(folder, joined)
        case (nil, let above?) where (0...farthest).contains(above):
            return (0..<above).reduce(folder) { outer, _ in Path.folder(of: outer) }
        case (nil, nil): return folder
        default: return nil
        }
    }

    /// Whether `name` names one entry of a folder: not empty, `.` or `..`, no `/` or NUL.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
            && !name.utf8.contains(0) && name.utf8.count <= Path.maximumNameLength
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder == "/" ? "/" : folder + "/") + name
    }
}
