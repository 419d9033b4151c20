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

/// A problem reading, writing or locking a roster file.
///
/// Every case names the file and carries the facts (the path, what was being done, the system's
/// error code); ``description`` says what happened in plain, neutral words. Advice that names a
/// program's own commands belongs to that program: the `roster` tool adds its own.
/// ``StorageHandler`` never overwrites a file it could not read: when one of these errors is
/// thrown, the roster on disk is as it was.
public enum StorageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file exists but is not a roster that can be read; `reason` says what is wrong.
    case damaged(path: String, reason: String)
    /// A file roster keeps beside the roster, such as the class's markbook, is there but breaks
    /// its rules; `reason` says how, naming the entry.
    case damagedSideFile(path: String, reason: String)
    /// The file or its folder could not be read or written while doing `action`; `code` is the
    /// system's error number (`errno`), such as `ENOSPC` for a full disk.
    case fileSystem(path: String, action: String, code: Int32)
    /// The roster path names a folder, not a file.
    case isDirectory(path: String)
    /// The path names something that is not a regular file: `kind` says what, such as "a named pipe".
    case notAFile(path: String, kind: String)
    /// The path is a symbolic link to `target`, which does not exist.
    case brokenLink(path: String, target: String)
    /// The file's owner may not write it, so roster does not replace it.
    case readOnly(path: String)
    /// The file is larger than roster reads; `limit` is the largest size in bytes.
    case tooLarge(path: String, limit: Int)
    /// The path's symbolic links lead round in a loop.
    case linkLoop(path: String)
    /// A file roster keeps beside the roster (its lock or its history) is not roster's own: a
    /// link, a file with other names, or one owned by someone else.
    case notOwnFile(path: String)
    /// Another process held the roster's lock for longer than the wait allows.
    case busy(path: String, seconds: Int)
    /// There is no earlier version of the roster to go back to.
    case nothingToUndo(path: String)
    /// No change has been undone since the last change, so there is nothing to make again.
    case nothingToRedo(path: String)
    /// Another program cut the file short while roster was reading it.
    case changedWhileRead(path: String)
    /// The change to undo or redo changed a second roster too (a move), and that roster's
    /// history has moved on since, so neither half is taken back alone.
    case otherHalfChanged(path: String, otherPath: String)
    /// The students could not be turned into a property list; `reason` says why.
    case encodingFailed(reason: String)
    /// The journal of an unfinished change of several rosters at `path` is not carried out:
    /// `reason` says why (another user's, damaged, naming files roster does not make).
    case refusedJournal(path: String, reason: String)
    /// A change of the rosters at `path` and `otherPath` cannot be made as one: neither's folder
    /// is the other's, inside it, or the one above it.
    case unrelatedFolders(path: String, otherPath: String)

    /// A sentence that names the problem and the fix.
    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            return "The roster file '\(path)' is damaged: \(reason). It was left unchanged."
        case .damagedSideFile(let path, let reason):
            return "'\(path)', kept beside the roster, is damaged: \(reason). Nothing was changed."
        case .fileSystem(let path, let action, let code):
            return "Could not \(action) '\(path)': \(String(cString: strerror(code)))."
        case .isDirectory(let path):
            return "The roster path '\(path)' is a folder. Give the path of a file, "
                + "for example '\(path)/students.plist'."
        case .notAFile(let path, let kind):
            return "'\(path)' is \(kind), not a regular file, so roster will not read or replace it. "
                + "Give the path of a file instead."
        case .brokenLink(let path, let target):
            return "'\(path)' is a symbolic link to '\(target)', which does not exist. "
                + "Fix the link, or give the path of the roster file itself."
        case .readOnly(let path):
            return "'\(path)' is read-only, so roster left it unchanged. "
                + "Make it writable (chmod u+w) if it should change."
        case .tooLarge(let path, let limit):
            return "'\(path)' is larger than the \(Self.size(limit)) that roster reads, so it was not read."
        case .linkLoop(let path):
            return
                "The symbolic links of '\(path)' lead round in a loop. Fix the links, or give another path."
        case .notOwnFile(let path):
            return
                "'\(path)' is not a file roster made: it is a link, has other names, belongs to another user "
                + "or others may write to it, so roster will not use it. Remove it and try again."
        case .busy(let path, let seconds):
            return "Another roster command is using '\(path)' and did not finish within \(seconds) seconds. "
                + "Wait for it to finish and try again."
        case .nothingToUndo(let path):
            return "There is nothing to undo for '\(path)': no earlier version has been kept."
        case .nothingToRedo(let path):
            return "There is nothing to redo for '\(path)': no change has been undone since the last change."
        case .changedWhileRead(let path):
            return "Another program changed '\(path)' while roster was reading it, so nothing was changed. "
                + "Run the command again once that program is done."
        case .encodingFailed(let reason):
            return "Could not encode the roster: \(reason)."
        case .refusedJournal(let path, let reason):
            return "'\(path)' records an unfinished change that roster will not carry out: \(reason). "
                + "No roster was changed."
        case .unrelatedFolders(let path, let otherPath):
            return
                "'\(path)' and '\(otherPath)' are not in one folder, nor one in a folder inside the other's, "
                + "so they cannot be changed together. Nothing was changed."
        case .otherHalfChanged(let path, let otherPath):
            return
                "The change to take back in '\(path)' was a move that also changed '\(otherPath)', which has "
                + "changed since, so nothing was taken back. Take back the later changes there first."
        }
    }
}

extension StorageError {
    /// A size in the largest unit that shows it whole: `2 GiB`, `4 MiB`, `1,500 bytes`.
    static func size(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)]
        where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(NameList.grouped(bytes >> shift)) \(unit)"
        }
        return "\(NameList.grouped(bytes)) bytes"
    }

    /// The error the last failed system call (`errno`) describes, while doing `action` with `path`.
    static func lastSystemError(_ path: String, action: String) -> StorageError {
        systemError(errno, path, action: action)
    }

    /// The error a system call's error `code` describes, while doing `action` with `path`.
    static func systemError(_ code: Int32, _ path: String, action: String) -> StorageError {
        if code == EISDIR { return .isDirectory(path: path) }
        return .fileSystem(path: path, action: action, code: code)
    }
}
