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

/// Reading an open file whole into fresh memory, and a folder's names, behind APIs that hand
/// back `Data`, arrays and strings; RosterKit opens the file, checks what it is, and words the
/// failures.
package enum FileReading {
    /// Why a read stopped.
    package enum Failure: Error, Equatable {
        /// A system call failed with this error code.
        case system(Int32)
        /// More bytes came than the limit allows.
        case tooLarge
        /// The file ended before the size it had when it was opened: another program cut it short.
        case shrank
    }

    /// Files at least this large are read in parts at once, one per core.
    package static let splitReadSize = 8 << 20

    /// Reads `descriptor` (a pipe, or anything else read in order) to its end, refusing more than
    /// `limit` bytes, so memory stays bounded whatever writes into it.
    package static func readToEnd(_ descriptor: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = piece.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw .tooLarge }
            data.append(contentsOf: piece[0..<count])
        }
    }

    /// Up to `count` bytes of the file at `offset`; fewer when it ends first.
    package static func bytes(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(bytes.prefix(max(read, 0)))
    }

    /// The bytes of a regular file of `size` bytes (more than 0), read whole; read on, in pieces,
    /// when it has grown meanwhile, up to `limit` bytes.
    ///
    /// Most of the time in reading a large file goes to the system preparing the fresh memory the
    /// bytes land in, which it does on the core that first touches each page; so a file of at
    /// least ``splitReadSize`` bytes is read in parts at once, one per core. The buffer is of
    /// exactly the file's size (`Data(count:)` would reserve a quarter more).
    package static func read(_ descriptor: Int32, size: Int, limit: Int) throws(Failure) -> Data {
        var data = Data(
            bytesNoCopy: FreshMemory.allocate(byteCount: size), count: size,
            deallocator: .custom { pointer, _ in pointer.deallocate() })
        var filled = 0
        if size >= splitReadSize {
            let result = data.withUnsafeMutableBytes { fillParts($0, from: descriptor) }
            filled = try result.get()
        }
        try readOn(descriptor, into: &data, from: filled, limit: limit)
        return data
    }

    /// Reads the rest of the file into `data`, of which the first `filled` bytes are read: into
    /// the room left, then, if the file has grown meanwhile, in pieces until it ends.
    private static func readOn(_ descriptor: Int32, into data: inout Data, from filled: Int, limit: Int)
        throws(Failure)
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
                throw .system(errno)
            }
            if count == 0 { break }
            filled += count
            // A file that grows while it is read is read only up to the limit.
            guard filled <= limit else { throw .tooLarge }
        }
        // Cut short while it was read: what was read is no file that ever was.
        guard filled >= expected else { throw .shrank }
        data.count = filled
    }

    /// Fills the parts of `buffer` from the start of the file at once, one per core; returns how
    /// many bytes from the start are filled, fewer than all when the file has shrunk.
    private static func fillParts(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32)
        -> Result<Int, Failure>
    {
        let parts = ParallelWork.ranges(count: buffer.count, parts: min(ParallelWork.cores, 8))
        // Each part reads only into its own range.
        let shared = PartedBuffer(buffer.assumingMemoryBound(to: UInt8.self))
        let results = ParallelWork.each(parts.count) { part in
            fill(UnsafeMutableRawBufferPointer(shared.base), range: parts[part], from: descriptor)
        }
        if let code = results.lazy.compactMap(\.error).first { return .failure(.system(code)) }
        // Up to the first part cut short: what follows it is not the file's.
        var filled = 0
        for (part, result) in zip(parts, results) {
            filled += result.count
            if result.count < part.count { break }
        }
        return .success(filled)
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

    /// The names in the open folder `descriptor`, which this closes, read to the end or not at
    /// all, never a shorter list; without `.` and `..`.
    package static func names(inFolder descriptor: Int32) throws(Failure) -> [String] {
        guard let folder = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            throw .system(code)
        }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                guard errno == 0 else { throw .system(errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}

/// Memory about to be filled, such as a file being read, on whole huge pages where Linux has
/// them.
private enum FreshMemory {
    /// The size of a Linux huge page on x86-64 and most ARM systems.
    static let largePageSize = 2 << 20

    /// Memory for `byteCount` bytes; see ``preferLargePages(_:)``.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: byteCount, alignment: byteCount >= largePageSize ? largePageSize : 16)
        preferLargePages(UnsafeMutableRawBufferPointer(start: memory, count: byteCount))
        return memory
    }

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
