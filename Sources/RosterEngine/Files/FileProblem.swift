#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the engine could not read, write or lock a file: facts only, for the library to describe.
package enum FileProblem: Error, Equatable, Sendable {
    /// The path names a folder where a file was expected.
    case isDirectory(path: String)
    /// The path names something that is not a regular file; `kind` says what ("a named pipe").
    case notAFile(path: String, kind: String)
    /// The path is a symbolic link to `target`, which does not exist.
    case brokenLink(path: String, target: String)
    /// The path's symbolic links lead round in a loop.
    case linkLoop(path: String)
    /// The file is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// The file's owner may not write it.
    case readOnly(path: String)
    /// A file kept beside the roster is a link, has other names or belongs to someone else.
    case notOwnFile(path: String)
    /// Another process held the lock for `seconds` seconds.
    case busy(path: String, seconds: Int)
    /// Another program cut a mapped file short while it was read.
    case changedWhileRead(path: String)
    /// A system call failed while doing `action` ("write", "create the folder") with `code` (`errno`).
    case system(path: String, action: String, code: Int32)

    /// The problem the last failed system call (`errno`) describes.
    package static func lastSystemError(_ path: String, action: String) -> FileProblem {
        let code = errno
        if code == EISDIR { return .isDirectory(path: path) }
        return .system(path: path, action: action, code: code)
    }
}
