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

/// Small POSIX helpers behind the roster's storage: exact reads, durable atomic replacement, private
/// permissions.
///
/// Foundation's `Data.write(options: .atomic)` neither syncs to disk nor keeps a file's mode, so the
/// storage layer talks to the system directly here.
enum FileSystem {
    /// The mode of every file roster creates: readable and writable by its owner only.
    static let privateFileMode: mode_t = 0o600
    /// The mode of every folder roster creates.
    static let privateDirectoryMode: mode_t = 0o700

    /// Replaces the file at `path` with `data` so that a crash leaves either the old or the new file;
    /// see ``Replacement``.
    ///
    /// With `durable` set to `false` nothing is synced: for files worth less than the time a sync
    /// takes, such as the empty backup of a roster that did not exist yet.
    static func replace(_ path: String, with data: some ContiguousBytes, durable: Bool = true) throws {
        let file = try Replacement(of: path, durable: durable)
        try file.write(data)
        try file.commit()
    }

    /// A new file being written beside the one it will replace, which takes its place in one
    /// `rename` when ``commit()`` is called, and is removed if it never is.
    ///
    /// The bytes go to a private temporary file in the same folder, are synced, take the old file's
    /// mode, and are renamed over the path; then the folder itself is synced so the rename
    /// survives a power cut. Whoever writes the bytes, such as the property-list writer a block at
    /// a time, is handed ``write(_:)``: the file layer calls nothing back.
    final class Replacement {
        let path: String
        let temporary: String
        /// What makes ``temporary``'s name unique (see ``temporaryPath(beside:unique:)``).
        let unique: String
        let descriptor: Int32
        let durable: Bool
        private let existing: stat?
        private let handsToOwner: Bool
        private var isCommitted = false

        /// Opens the temporary file beside `path`, creating the folder if need be.
        ///
        /// Run as root, the new file goes to the old one's owner (or the folder's) unless
        /// `handsToOwner` is `false`, as for a journal, which only its writer carries out.
        ///
        /// - Throws: ``StorageError/readOnly(path:)`` for a file its owner may not write, and
        ///   ``StorageError`` for a failed system call.
        init(of path: String, durable: Bool = true, handsToOwner: Bool = true) throws {
            let folder = Path.folder(of: path)
            try createFolder(folder.isEmpty ? "." : folder)
            let existing = existingStatus(path)
            if let existing, existing.st_mode & 0o200 == 0 { throw StorageError.readOnly(path: path) }
            let unique = newTemporaryUnique()
            let temporary = temporaryPath(beside: path, unique: unique)
            let descriptor = open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, privateFileMode)
            guard descriptor >= 0 else { throw failure(path, action: "write") }
            self.path = path
            self.temporary = temporary
            self.unique = unique
            self.descriptor = descriptor
            self.durable = durable
            self.existing = existing
            self.handsToOwner = handsToOwner
        }

        /// Appends `bytes` to the new file, all of them, however few the system takes at once.
        func write(_ bytes: some ContiguousBytes) throws {
            try writeAll(bytes, to: descriptor, path: path)
        }

        /// Gives the new file the old one's mode and owner, syncs it and renames it over the old.
        func commit() throws {
            try finishWriting()
            guard rename(temporary, path) == 0 else { throw failure(path, action: "replace") }
            isCommitted = true
            let folder = Path.folder(of: path)
            if durable { syncFolder(folder.isEmpty ? "." : folder) }
        }

        /// Finishes the new file as ``commit()`` does, but leaves the rename to a ``Journal``,
        /// which makes it with the other files of one change; the temporary file is the
        /// journal's from now on, and is no longer removed when this is dropped.
        ///
        /// - Returns: The temporary file's path, to be renamed over ``path``.
        func handOver() throws -> String {
            try finishWriting()
            isCommitted = true
            return temporary
        }

        private func finishWriting() throws {
            let folder = Path.folder(of: path)
            // Run as root (`sudo roster add`), the new file goes to the old one's owner, or to the
            // folder's, so that its owner is not locked out of it.
            if handsToOwner,
                let owner = existing.map({ ($0.st_uid, $0.st_gid) }) ?? ownerForNewFiles(in: folder),
                geteuid() == 0, fchown(descriptor, owner.0, owner.1) != 0
            {
                throw failure(path, action: "write")
            }
            let mode = existing.map { $0.st_mode & 0o7777 } ?? privateFileMode
            guard fchmod(descriptor, mode) == 0, !durable || fsync(descriptor) == 0 else {
                throw failure(path, action: "write")
            }
        }

        deinit {
            close(descriptor)
            if !isCommitted { unlink(temporary) }
        }
    }

    /// Makes the file at `path` also the file at `copy`, replacing `copy` atomically.
    ///
    /// A hard link costs nothing however large the roster is, and it is safe because roster never
    /// changes a file in place: the next write renames a new file over `path`, and the old one
    /// lives on under `copy`. Where links are not supported the bytes are copied instead.
    static func keep(_ path: String, as copy: String) throws {
        if link(path, copy) == 0 { return }
        let temporary = temporaryPath(beside: copy)
        if errno == EEXIST, link(path, temporary) == 0 {
            guard rename(temporary, copy) == 0 else {
                let error = failure(copy, action: "write")
                unlink(temporary)
                throw error
            }
            return
        }
        guard let data = try read(path) else { return }
        try replace(copy, with: data)
    }

    /// Writes `data` into what `path` names as it is, without replacing it: for a pipe, a
    /// terminal or a device, into which a shell's redirection would write too.
    static func write(_ data: some ContiguousBytes, into path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, action: "write") }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    /// Who should own a file that roster, run as root, creates in `folder`: the folder's owner;
    /// `nil` when roster does not run as root.
    static func ownerForNewFiles(in folder: String) -> (uid_t, gid_t)? {
        var status = stat()
        guard geteuid() == 0, stat(folder.isEmpty ? "." : folder, &status) == 0 else { return nil }
        return (status.st_uid, status.st_gid)
    }

    /// Creates an empty private file at `path`, which must not exist; never through a link.
    static func createEmpty(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, privateFileMode)
        guard descriptor >= 0 else { throw failure(path, action: "create") }
        close(descriptor)
    }

    /// Moves the file at `path` to `destination`, replacing it atomically.
    static func move(_ path: String, to destination: String) throws {
        guard rename(path, destination) == 0 else { throw failure(destination, action: "replace") }
        syncFolder(Path.folder(of: destination))
    }

    /// Creates `path` and any missing parents with mode 0700.
    static func createFolder(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw StorageError.fileSystem(path: path, action: "use the folder", code: ENOTDIR)
            }
            return
        }
        let parent = Path.folder(of: path)
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        if mkdir(path, privateDirectoryMode) != 0 && errno != EEXIST {
            throw failure(path, action: "create the folder")
        }
    }

    /// The last failed system call, as a ``StorageError``.
    static func failure(_ path: String, action: String) -> StorageError {
        StorageError.lastSystemError(path, action: action)
    }

    /// Writes all of `bytes` to `descriptor`, a failure named for `path`.
    fileprivate static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, path: String) throws
    {
        if let code = Descriptor.writeAll(bytes, to: descriptor) {
            throw StorageError.systemError(code, path, action: "write")
        }
    }

    fileprivate static func existingStatus(_ path: String) -> stat? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// Which file a path means, and facts about files, asked without following the last link
/// unless told to.
extension FileSystem {
    /// How many symbolic links a path may pass through, as the system allows.
    static let maximumLinks = 40

    /// The regular file that a roster path finally names, following symbolic links (relative or
    /// absolute, through chains), so that the roster is replaced where it really is and every
    /// link stays a link. A path that names nothing is returned as it is, to be created.
    ///
    /// - Throws: ``StorageError/brokenLink(path:target:)`` for a link to nothing,
    ///   ``StorageError/linkLoop(path:)`` for links that loop, ``StorageError/isDirectory(path:)``
    ///   and ``StorageError/notAFile(path:kind:)`` for what is not a regular file.
    static func rosterTarget(_ path: String) throws -> String {
        var current = path
        var lastTarget: String?
        for _ in 0...maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw failure(current, action: "read") }
                if let lastTarget { throw StorageError.brokenLink(path: path, target: lastTarget) }
                return current
            }
            let type = status.st_mode & S_IFMT
            guard type == S_IFLNK else {
                if type == S_IFREG { return current }
                if type == S_IFDIR { throw StorageError.isDirectory(path: path) }
                throw StorageError.notAFile(path: path, kind: kind(of: type))
            }
            let target = try linkTarget(current)
            lastTarget = target
            let folder = Path.folder(of: current)
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        throw StorageError.linkLoop(path: path)
    }

    private static func linkTarget(_ path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw failure(path, action: "read the link") }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A person's word for a kind of file that is not a regular file or a folder.
    static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    /// What `path` names, following links, when it exists and is not a regular file: "a named
    /// pipe", "a device", "a folder" and so on; `nil` for a regular file or nothing.
    static func specialKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        return type == S_IFREG ? nil : kind(of: type)
    }

    /// Reads a named pipe or socket to its end: opening waits for a writer, as a shell would.
    static func readPipe(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, action: "read") }
        defer { close(descriptor) }
        return try readToEnd(descriptor, path: path)
    }

    /// Whether `path`, or what a link there leads to, is a folder.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything, a link included, is at `path`.
    ///
    /// - Throws: ``StorageError`` when the system cannot say: a failed check is never taken for
    ///   "absent".
    static func exists(_ path: String) throws -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(path, action: "look for") }
            return false
        }
        return true
    }

    /// Whether `path` itself, not a link, is a regular file.
    static func isPlainFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether the folder that holds `path` is on a file system mounted read-only.
    static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var status = statvfs()
        let folder = Path.folder(of: path)
        return statvfs(folder.isEmpty ? "." : folder, &status) == 0 && status.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Whether two paths name the same file.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var (one, two) = (stat(), stat())
        return lstat(first, &one) == 0 && lstat(second, &two) == 0 && one.st_dev == two.st_dev
            && one.st_ino == two.st_ino
    }

    /// Which file `path` names now (its device and inode), or `nil` when there is none: a file
    /// renamed into its place is another.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size)]
    }

    /// The size of the file at `path` in bytes, or 0 when there is none.
    static func size(of path: String) -> Int {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// When the file at `path` was last changed.
    static func modificationDate(of path: String) -> Date {
        var status = stat()
        guard lstat(path, &status) == 0 else { return Date() }
        #if canImport(Darwin)
            return Date(timeIntervalSince1970: TimeInterval(status.st_mtimespec.tv_sec))
        #else
            return Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
        #endif
    }

    /// Creates a private folder (mode 0700) that only roster writes in, or checks that the one
    /// there is such a folder: a real folder, not a link, owned by this user (or, for root, by
    /// the owner of the folder it is in, to whom root gives a folder it creates).
    static func createPrivateFolder(_ path: String) throws {
        let parent = Path.folder(of: path)
        if mkdir(path, privateDirectoryMode) == 0 {
            if let owner = ownerForNewFiles(in: parent) { chown(path, owner.0, owner.1) }
        } else if errno != EEXIST {
            throw failure(path, action: "create the folder")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure(path, action: "use the folder") }
        let owner = ownerForNewFiles(in: parent)?.0 ?? geteuid()
        guard (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == owner || status.st_uid == geteuid()
        else {
            throw StorageError.notOwnFile(path: path)
        }
    }
}
