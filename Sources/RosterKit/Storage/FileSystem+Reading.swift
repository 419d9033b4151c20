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

/// Reading a whole file into fresh memory.
extension FileSystem {
    /// The largest roster or import file roster reads: 2 GiB, some fifteen million students.
    static let maximumFileSize = 2 << 30

    /// Reads an open pipe, or anything else read in order, to its end.
    ///
    /// - Throws: ``StorageError/tooLarge(path:limit:)`` once more than `limit` bytes have come, so
    ///   memory stays bounded whatever writes into the pipe or whatever size a file claims.
    static func readToEnd(_ descriptor: Int32, path: String, limit: Int = maximumFileSize) throws
        -> Data
    {
        do {
            return try FileReading.readToEnd(descriptor, limit: limit)
        } catch {
            throw failure(error, path, limit: limit)
        }
    }

    /// What stopped a read of `path` (doing `action`, past `limit` bytes), as a ``StorageError``.
    private static func failure(
        _ failure: FileReading.Failure, _ path: String, action: String = "read", limit: Int = maximumFileSize
    ) -> StorageError {
        switch failure {
        case .system(let code): StorageError.systemError(code, path, action: action)
        case .tooLarge: StorageError.tooLarge(path: path, limit: limit)
        case .shrank: StorageError.changedWhileRead(path: path)
        }
    }

    /// Returns the file's bytes, or `nil` when there is no file at `path`.
    ///
    /// The file is read whole into fresh memory (see `FileReading.read(_:size:limit:)`), never
    /// mapped: a mapped file that another program cuts short would stop the process with a
    /// bus error, which only a signal handler could catch, and a library installs none.
    ///
    /// Only a regular file is read: opening does not wait for a named pipe's writer, and a pipe,
    /// a socket or a device is refused, as is a file larger than ``maximumFileSize``. With
    /// `checkingEnds`, the file's first and last 64 bytes are shown to it before the rest is read,
    /// so that a huge file that is no roster is refused at once.
    ///
    /// - Throws: ``StorageError/changedWhileRead(path:)`` when the file is shorter at its end
    ///   than when it was opened: another program cut it short while it was read.
    static func read(
        _ path: String,
        checkingEnds check: ((_ head: [UInt8], _ tail: [UInt8], _ size: Int) throws -> Void)? = nil
    ) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure(path, action: "read")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, action: "read") }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw StorageError.isDirectory(path: path) }
        guard type == S_IFREG else { throw StorageError.notAFile(path: path, kind: kind(of: type)) }
        let size = max(Int(status.st_size), 0)
        guard size <= maximumFileSize else { throw StorageError.tooLarge(path: path, limit: maximumFileSize) }
        if size == 0 {
            // A file that says it is empty yet has bytes, such as one in /proc, may never end.
            // (Some, like /proc/self/pagemap, refuse a read of one byte: any answer but "no bytes" is refused.)
            var probe = [UInt8](repeating: 0, count: 64)
            guard pread(descriptor, &probe, probe.count, 0) == 0 else {
                throw StorageError.notAFile(path: path, kind: "a file without a size")
            }
            return Data()
        }
        if let check {
            try check(
                FileReading.bytes(descriptor, at: 0, count: min(size, 64)),
                FileReading.bytes(descriptor, at: max(0, size - 64), count: min(size, 64)), size)
        }
        do {
            return try FileReading.read(descriptor, size: size, limit: maximumFileSize)
        } catch {
            throw failure(error, path)
        }
    }
}

/// The files roster keeps beside a roster (its history, the pick round): used only when they are
/// roster's own, so that another user of a shared folder cannot plant one.
///
/// Roster's own means: the thing itself, not a link to it; a regular file (or, for the history, a
/// folder); owned by the user running roster or by the roster's owner; and not writable by
/// its group or others. Anything else is ``StorageError/notOwnFile(path:)``, before a byte of it is read.
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
    static func checkOwnFile(_ path: String, owners: [uid_t], singleName: Bool = false) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(path, action: "read") }
            return
        }
        guard isOwn(status, type: S_IFREG, owners: owners), !singleName || status.st_nlink == 1 else {
            throw StorageError.notOwnFile(path: path)
        }
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
        // Never through a link: one put in the folder's place after the check is not followed.
        return try names(inFolder: path, followingLinks: false)
    }

    /// The names in the folder at `path`, which may be anyone's, such as a shared folder of
    /// classes (a link to it is followed unless `followingLinks` is `false`); read to its end or
    /// not at all, never a shorter list.
    static func names(inFolder path: String, followingLinks: Bool = true) throws -> [String] {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw failure(path, action: "read the folder") }
        do {
            return try FileReading.names(inFolder: descriptor)
        } catch {
            throw failure(error, path, action: "read the folder")
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
        // One name only: a second name elsewhere would let whoever holds it change what roster reads.
        guard isOwn(status, type: S_IFREG, owners: owners), status.st_nlink == 1 else {
            throw StorageError.notOwnFile(path: path)
        }
        guard status.st_size <= limit else { throw StorageError.tooLarge(path: path, limit: limit) }
        return try readToEnd(descriptor, path: path, limit: limit)
    }

    /// Replaces roster's own small file at `path` with `bytes`, as ``replace(_:with:durable:)``
    /// does; what is there already must be roster's own.
    static func replaceOwnFile(_ path: String, with bytes: [UInt8], owners: [uid_t], durable: Bool = true)
        throws
    {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard isOwn(status, type: S_IFREG, owners: owners), status.st_nlink == 1 else {
                throw StorageError.notOwnFile(path: path)
            }
        }
        try replace(path, with: bytes, durable: durable)
    }

    /// Whether a file's status makes it roster's own: of `type`, owned by one of `owners`, and
    /// writable by neither its group nor others.
    static func isOwn(_ status: stat, type: mode_t, owners: [uid_t]) -> Bool {
        (status.st_mode & S_IFMT) == type && owners.contains(status.st_uid) && status.st_mode & 0o022 == 0
    }
}
