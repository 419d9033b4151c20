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
    /// Files at least this large are read in parts at once, one per core (see ``read(_:)``).
    static let splitReadSize = 8 << 20

    /// The largest roster or import file roster reads: 2 GiB, some fifteen million students.
    static let maximumFileSize = 2 << 30

    /// Reads an open pipe, or anything else read in order, to its end.
    ///
    /// - Throws: ``StorageError/tooLarge(path:limit:)`` once more than `limit` bytes have come, so
    ///   memory stays bounded whatever writes into the pipe or whatever size a file claims.
    static func readToEnd(_ descriptor: Int32, path: String, limit: Int = maximumFileSize) throws
        -> Data
    {
        var data = Data()
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = piece.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, action: "read")
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw StorageError.tooLarge(path: path, limit: limit) }
            data.append(contentsOf: piece[0..<count])
        }
    }

    /// Returns the file's bytes, or `nil` when there is no file at `path`.
    ///
    /// Most of the time in reading a large file goes to the system preparing the fresh memory the
    /// bytes land in, which it does on the core that first touches each page; so a file of at
    /// least ``splitReadSize`` bytes is read in parts at once, one per core. The file is read,
    /// never mapped: a mapped file that another program cuts short would stop the process with a
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
                bytes(descriptor, at: 0, count: min(size, 64)),
                bytes(descriptor, at: max(0, size - 64), count: min(size, 64)), size)
        }
        // Read straight into a buffer of exactly the file's size (`Data(count:)` would reserve a
        // quarter more); a file that grows meanwhile is read on, in pieces, rather than by
        // growing the buffer for a read that will find nothing.
        var data =
            size == 0
            ? Data()
            : Data(
                bytesNoCopy: allocate(byteCount: size), count: size,
                deallocator: .custom { pointer, _ in pointer.deallocate() })
        var filled = 0
        if size >= splitReadSize {
            filled = try data.withUnsafeMutableBytes { try fillParts($0, from: descriptor, path: path) }
        }
        try readOn(descriptor, into: &data, from: filled, path: path)
        return data
    }

    /// Up to `count` bytes of the file at `offset`; fewer when it ends first.
    private static func bytes(_ descriptor: Int32, at offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(bytes.prefix(max(read, 0)))
    }

    /// Reads the rest of the file into `data`, of which the first `filled` bytes are read: into
    /// the room left, then, if the file has grown meanwhile, in pieces until it ends.
    private static func readOn(_ descriptor: Int32, into data: inout Data, from filled: Int, path: String)
        throws
    {
        var filled = filled
        let expected = data.count
        var piece: [UInt8] = []
        while true {
            let count: Int
            if filled < data.count {
                count = data.withUnsafeMutableBytes { raw in
                    pread(
                        descriptor, raw.baseAddress?.advanced(by: filled), raw.count - filled, off_t(filled))
                }
            } else {
                if piece.isEmpty { piece = [UInt8](repeating: 0, count: 1 << 16) }
                count = piece.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress, $0.count, off_t(filled))
                }
                if count > 0 { data.append(contentsOf: piece[0..<count]) }
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, action: "read")
            }
            if count == 0 { break }
            filled += count
            // A file that grows while it is read is read only up to the limit.
            guard filled <= maximumFileSize else {
                throw StorageError.tooLarge(path: path, limit: maximumFileSize)
            }
        }
        // Cut short while it was read: what was read is no file that ever was.
        guard filled >= expected else { throw StorageError.changedWhileRead(path: path) }
        data.count = filled
    }

    /// Fills the parts of `buffer` from the start of the file at once, one per core; returns how
    /// many bytes from the start are filled, fewer than all when the file has shrunk.
    private static func fillParts(
        _ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, path: String
    ) throws -> Int {
        let parts = ParallelWork.ranges(count: buffer.count, parts: min(ParallelWork.cores, 8))
        // Each part reads only into its own range.
        let shared = PartedBuffer(buffer.assumingMemoryBound(to: UInt8.self))
        let results = ParallelWork.each(parts.count) { part in
            fill(UnsafeMutableRawBufferPointer(shared.base), range: parts[part], from: descriptor)
        }
        if let code = results.lazy.compactMap(\.error).first {
            errno = code
            throw failure(path, action: "read")
        }
        // Up to the first part cut short: what follows it is not the file's.
        var filled = 0
        for (part, result) in zip(parts, results) {
            filled += result.count
            if result.count < part.count { break }
        }
        return filled
    }

    /// Reads the file's bytes at `range` into the same range of `buffer`, until it is full or
    /// the file ends; returns how many bytes were read, or the system's error code.
    private static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, range: Range<Int>, from descriptor: Int32
    ) -> (count: Int, error: Int32?) {
        var count = 0
        while count < range.count {
            let start = range.lowerBound + count
            let read = pread(
                descriptor, buffer.baseAddress?.advanced(by: start), range.count - count, off_t(start))
            if read < 0 {
                if errno == EINTR { continue }
                return (count, errno)
            }
            if read == 0 { break }
            count += read
        }
        return (count, nil)
    }

    /// Memory for `byteCount` bytes that are about to be filled, such as a file being read; see
    /// ``preferLargePages(_:)``.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: byteCount, alignment: byteCount >= largePageSize ? largePageSize : 16)
        preferLargePages(UnsafeMutableRawBufferPointer(start: memory, count: byteCount))
        return memory
    }

    /// The size of a Linux huge page on x86-64 and most ARM systems.
    static let largePageSize = 2 << 20

    /// Asks Linux to back the whole 2 MiB pages inside `memory` with huge pages, before it is
    /// first written.
    ///
    /// Filling 13 MB of fresh memory with 4 KiB pages takes some 3,300 page faults; with huge
    /// pages it takes seven. Systems that do not offer them, and other systems, ignore this.
    static func preferLargePages(_ memory: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = memory.baseAddress, memory.count >= largePageSize else { return }
            let address = UInt(bitPattern: base)
            let start = (address + UInt(largePageSize) - 1) & ~UInt(largePageSize - 1)
            let end = (address + UInt(memory.count)) & ~UInt(largePageSize - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)
        #endif
    }

}

#if canImport(Glibc)
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Glibc.read(fd, buffer, count)
    }
#elseif canImport(Darwin)
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Darwin.read(fd, buffer, count)
    }
#endif

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
