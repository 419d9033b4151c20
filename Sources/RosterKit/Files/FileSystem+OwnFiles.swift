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

/// The files roster keeps beside a roster (its history, the pick round): used only when they are
/// roster's own, so that another user of a shared folder cannot plant one.
///
/// Roster's own means: the thing itself, not a link to it; a regular file (or, for the history, a
/// folder); owned by the user running roster or by the roster's owner; and not writable by
/// others. Anything else is ``StorageError/notOwnFile(path:)``, before a byte of it is read.
extension FileSystem {
    /// The users whose files beside the roster at `rosterPath` are trusted: the one running
    /// roster, and the roster's owner (for a roster not made yet, its folder's).
    static func trustedOwners(ofRoster rosterPath: String) -> [uid_t] {
        var status = stat()
        let folder = Path.folder(of: rosterPath)
        if stat(rosterPath, &status) == 0 || stat(folder.isEmpty ? "." : folder, &status) == 0 {
            return status.st_uid == geteuid() ? [geteuid()] : [geteuid(), status.st_uid]
        }
        return [geteuid()]
    }

    /// Checks that `path` is roster's own regular file, when there is anything there.
    ///
    /// - Throws: ``StorageError/notOwnFile(path:)`` when it is a link, not a regular file, owned
    ///   by someone else or writable by others.
    static func checkOwnFile(_ path: String, owners: [uid_t]) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(path, action: "read") }
            return
        }
        guard isOwn(status, type: S_IFREG, owners: owners) else { throw StorageError.notOwnFile(path: path) }
    }

    /// The names in the folder at `path`, which must be roster's own; `nil` when there is none.
    ///
    /// Unlike a plain listing, a folder that cannot be read to its end is an error rather than
    /// a shorter list, so that nothing is decided from part of it.
    static func names(inOwnFolder path: String, owners: [uid_t]) throws -> [String]? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(path, action: "read the folder") }
            return nil
        }
        guard isOwn(status, type: S_IFDIR, owners: owners) else { throw StorageError.notOwnFile(path: path) }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0, let folder = fdopendir(descriptor) else {
            throw failure(path, action: "read the folder")
        }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                guard errno == 0 else { throw failure(path, action: "read the folder") }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Reads roster's own small file at `path`; `nil` when there is none.
    ///
    /// - Throws: ``StorageError/notOwnFile(path:)`` as ``checkOwnFile(_:owners:)`` does, and
    ///   ``StorageError/tooLarge(path:limit:)`` past `limit` bytes, whatever the file claims.
    static func readOwnFile(_ path: String, limit: Int, owners: [uid_t]) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw StorageError.notOwnFile(path: path) }
            throw failure(path, action: "read")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, action: "read") }
        guard isOwn(status, type: S_IFREG, owners: owners) else { throw StorageError.notOwnFile(path: path) }
        guard status.st_size <= limit else { throw StorageError.tooLarge(path: path, limit: limit) }
        return try readToEnd(descriptor, path: path, limit: limit)
    }

    /// Replaces roster's own small file at `path` with `bytes`, as ``replace(_:with:durable:)``
    /// does; what is there already must be roster's own.
    static func replaceOwnFile(_ path: String, with bytes: [UInt8], owners: [uid_t]) throws {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard isOwn(status, type: S_IFREG, owners: owners), status.st_nlink == 1 else {
                throw StorageError.notOwnFile(path: path)
            }
        }
        try replace(path, with: bytes)
    }

    /// Whether a file's status makes it roster's own: of `type`, owned by one of `owners`, and
    /// not writable by others.
    static func isOwn(_ status: stat, type: mode_t, owners: [uid_t]) -> Bool {
        (status.st_mode & S_IFMT) == type && owners.contains(status.st_uid) && status.st_mode & 0o002 == 0
    }
}
