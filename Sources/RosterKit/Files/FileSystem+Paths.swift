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
