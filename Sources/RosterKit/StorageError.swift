import Foundation

/// A problem reading, writing or locking a roster file.
///
/// Every case names the file and, in ``description``, says what a person can do about it.
/// ``StorageHandler`` never overwrites a file it could not read: when one of these errors is
/// thrown, the roster on disk is as it was.
public enum StorageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file exists but is not a roster that can be read; `reason` says what is wrong.
    case damaged(path: String, reason: String)
    /// The file or its folder could not be read or written; `reason` is the system's explanation.
    case fileSystem(path: String, action: String, reason: String)
    /// The roster path names a folder, not a file.
    case isDirectory(path: String)
    /// Another process held the roster's lock for longer than the wait allows.
    case busy(path: String, seconds: Int)
    /// There is no earlier version of the roster to go back to.
    case nothingToUndo(path: String)
    /// Another program cut the file short while roster was reading it.
    case changedWhileRead(path: String)
    /// The students could not be turned into a property list; `reason` says why.
    case encodingFailed(reason: String)

    /// A sentence that names the problem and the fix.
    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            return "The roster file '\(path)' is damaged: \(reason). It was left unchanged; "
                + "restore it with 'roster undo' or from a backup, or choose another file with --file."
        case .fileSystem(let path, let action, let reason):
            return "Could not \(action) '\(path)': \(reason). \(Self.advice(for: reason))"
        case .isDirectory(let path):
            return "The roster path '\(path)' is a folder. Give the path of a file, "
                + "for example '\(path)/students.plist'."
        case .busy(let path, let seconds):
            return "Another roster command is using '\(path)' and did not finish within \(seconds) seconds. "
                + "Wait for it to finish and try again."
        case .nothingToUndo(let path):
            return "There is nothing to undo for '\(path)': no earlier version has been kept."
        case .changedWhileRead(let path):
            return "Another program changed '\(path)' while roster was reading it, so nothing was changed. "
                + "Run the command again once that program is done."
        case .encodingFailed(let reason):
            return "Could not encode the roster: \(reason)."
        }
    }

    private static func advice(for reason: String) -> String {
        let lowered = reason.lowercased()
        if lowered.contains("permission") || lowered.contains("read-only") {
            return "Check the permissions of the file and its folder, or choose another file with --file."
        }
        if lowered.contains("no space") || lowered.contains("quota") {
            return "Free some disk space and try again; the roster was left unchanged."
        }
        if lowered.contains("not a directory") {
            return "A part of the path is a file, not a folder; choose another path with --file."
        }
        return "Check the path, or choose another file with --file."
    }
}
