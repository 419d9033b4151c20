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

    /// Replaces the file at `path` with `data` so that a crash leaves either the old or the new file.
    ///
    /// The bytes go to a private temporary file in the same folder, are synced, take the old file's
    /// mode, and are renamed over `path`; then the folder itself is synced so the rename survives a
    /// power cut.
    ///
    /// With `durable` set to `false` nothing is synced: for files worth less than the time a sync
    /// takes, such as the empty backup of a roster that did not exist yet.
    static func replace(_ path: String, with data: some ContiguousBytes, durable: Bool = true) throws {
        try replace(path, durable: durable) { write in try data.withUnsafeBytes(write) }
    }

    /// Replaces the file at `path` as ``replace(_:with:durable:)`` does, with the bytes that
    /// `body` hands to the `write` function it is given, in as many pieces as it likes.
    static func replace(
        _ path: String, durable: Bool = true,
        writing body: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let folder = Path.folder(of: path)
        try createFolder(folder.isEmpty ? "." : folder)
        let existing = existingStatus(path)
        if let existing, existing.st_mode & 0o200 == 0 { throw StorageError.readOnly(path: path) }
        let mode = existing.map { $0.st_mode & 0o7777 } ?? privateFileMode
        let temporary = temporaryPath(beside: path)
        let descriptor = open(
            temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, privateFileMode)
        guard descriptor >= 0 else { throw failure(path, action: "write") }
        do {
            defer { close(descriptor) }
            try body { try writeAll($0, to: descriptor, path: path) }
            // Run as root (`sudo roster add`), the new file goes to the old one's owner, or to the
            // folder's, so that its owner is not locked out of it.
            if let owner = existing.map({ ($0.st_uid, $0.st_gid) }) ?? ownerForNewFiles(in: folder),
                geteuid() == 0, fchown(descriptor, owner.0, owner.1) != 0
            {
                throw failure(path, action: "write")
            }
            guard fchmod(descriptor, mode) == 0, !durable || fsync(descriptor) == 0 else {
                throw failure(path, action: "write")
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path, action: "replace")
            unlink(temporary)
            throw error
        }
        if durable { syncFolder(folder.isEmpty ? "." : folder) }
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
        try data.withUnsafeBytes { try writeAll($0, to: descriptor, path: path) }
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

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(
                descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, action: "write")
            }
            offset += written
        }
    }

    private static func existingStatus(_ path: String) -> stat? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status
    }

    /// Removes temporary files that a killed writer left beside `path`.
    ///
    /// Call only while holding the roster's lock: a writer creates its temporary file under the
    /// lock, so any that exist then belong to a process that died mid-write.
    static func removeLeftovers(beside path: String) {
        let folder = Path.folder(of: path)
        let prefix = "." + Path.stem(of: Path.name(of: path)) + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else {
            return
        }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            // Only `.NAME.<pid>-<random>.tmp`: `.class.plist.2024.<pid>-<random>.tmp`, which
            // belongs to another roster, has more between the name and `.tmp`.
            let unique = name.dropFirst(prefix.count).dropLast(4).split(separator: "-")
            guard unique.count == 2,
                unique.allSatisfy({ !$0.isEmpty && $0.allSatisfy({ $0.isASCII && $0.isNumber }) })
            else {
                continue
            }
            unlink(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    /// A new hidden name beside `path` that ``removeLeftovers(beside:)`` recognises, and that no
    /// other roster's leftovers can be taken for: `.NAME.<pid>-<random>.tmp`, with the name
    /// shortened as ``Path/stem(of:)`` says when it is long.
    static func temporaryPath(beside path: String) -> String {
        Path.beside(path, prefix: ".", suffix: ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    }

    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

#if canImport(Glibc)
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }
#elseif canImport(Darwin)
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.write(fd, buffer, count)
    }
#endif
