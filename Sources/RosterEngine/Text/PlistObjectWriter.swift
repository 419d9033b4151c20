#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the objects of one part of a binary property list (`bplist00`) into memory of the
/// part's exact size, recording where each object starts in the file's offset table.
///
/// A file is written by ``write(_:header:block:to:)``: the header, then the blocks of records,
/// a large file's blocks on several cores at once, each into its own buffer and its own entries
/// of the table, then the table and the trailer. The writer knows the format's objects (markers,
/// counts, integers, strings, references); what the objects say is the caller's.
@usableFromInline package struct PlistObjectWriter {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Where the buffer's first byte goes in the file.
    @usableFromInline let base: Int
    /// The offset table, shared by the writers of every part; each writes its own objects' entries.
    @usableFromInline let table: UnsafeMutableRawBufferPointer
    @usableFromInline let offsetSize: Int
    /// How many bytes of the part are written.
    @usableFromInline package private(set) var position = 0
    /// The number of the next object.
    @usableFromInline package private(set) var objects: Int

    private init(
        buffer: UnsafeMutableBufferPointer<UInt8>, base: Int, table: UnsafeMutableRawBufferPointer,
        offsetSize: Int, objects: Int
    ) {
        (self.buffer, self.base, self.table, self.offsetSize, self.objects) = (
            buffer, base, table, offsetSize, objects
        )
    }

    /// Records that an object starts here, in the offset table.
    @inlinable package mutating func begin() {
        precondition(objects < table.count / offsetSize, "binary plist object count was miscounted")
        Self.store(UInt64(base + position), size: offsetSize, into: table, at: objects * offsetSize)
        objects += 1
    }

    /// Writes an object's marker of `type` holding `count`, with an integer after it when 15 or more.
    @inlinable package mutating func header(_ type: UInt8, count: Int) {
        if count < 15 {
            append(type << 4 | UInt8(count))
        } else {
            append(type << 4 | 0x0F)
            integer(count)
        }
    }

    /// Writes an integer object.
    @inlinable package mutating func integer(_ value: Int) {
        let (marker, width) = Self.integerLayout(value)
        append(marker)
        bigEndian(UInt64(bitPattern: Int64(value)), size: width)
    }

    /// Writes a string object: ASCII text one byte a character, any other big-endian UTF-16.
    @inlinable package mutating func string(_ text: String) {
        begin()
        let (units, isASCII) = UTF16Encoding.measure(text)
        header(isASCII ? 0x5 : 0x6, count: units)
        if isASCII {
            append(utf8: text)
        } else {
            UTF16Encoding.forEachByte(of: text) { append($0) }
        }
    }

    /// Writes the 36 characters of an id.
    @inlinable package mutating func appendID(_ id: UUID) {
        reserve(36)
        UUIDText.write(id, into: UnsafeMutableBufferPointer(rebasing: buffer[position..<(position + 36)]))
        position += 36
    }

    /// Writes one byte.
    @inline(__always)
    @inlinable package mutating func append(_ byte: UInt8) {
        reserve(1)
        buffer[position] = byte
        position += 1
    }

    /// Writes bytes in one copy, such as a name's.
    @inline(__always)
    @inlinable package mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Writes a string's UTF-8 bytes in one copy, lent from the string's own storage.
    @inlinable package mutating func append(utf8 text: String) {
        UTF16Encoding.withUTF8(of: text) { append($0) }
    }

    /// Writes bytes one by one.
    @inline(__always)
    @inlinable package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    @inline(__always)
    @inlinable mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        _ = UnsafeMutableBufferPointer(rebasing: buffer[position..<position + bytes.count])
            .initialize(fromContentsOf: bytes)
        position += bytes.count
    }

    /// Writes the lowest `size` bytes of `value`, most significant first: a reference, an
    /// offset or an integer's number.
    @inline(__always)
    @inlinable package mutating func bigEndian(_ value: UInt64, size: Int) {
        reserve(size)
        Self.store(value, size: size, into: UnsafeMutableRawBufferPointer(buffer), at: position)
        position += size
    }

    /// Checks that `count` more bytes fit the buffer before they are written: whatever size the
    /// buffer was given, the writer stops the process rather than write past its end.
    @inline(__always)
    @inlinable func reserve(_ count: Int) {
        precondition(count <= buffer.count - position, "binary plist size was miscounted")
    }

    /// Stores the lowest `size` bytes of `value` at `offset`, most significant first; integers,
    /// references and offsets are 1, 2, 4 or 8 bytes wide, and each is stored in one go.
    @inline(__always)
    @inlinable static func store(
        _ value: UInt64, size: Int, into output: UnsafeMutableRawBufferPointer, at offset: Int
    ) {
        switch size {
        case 1: output[offset] = UInt8(truncatingIfNeeded: value)
        case 2:
            output.storeBytes(
                of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt16.self)
        case 4:
            output.storeBytes(
                of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt32.self)
        case 8: output.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt64.self)
        default:
            for index in 0..<size {
                output[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index)))
            }
        }
    }
}

/// The sizes of the format's objects, the one place their rules are kept.
extension PlistObjectWriter {
    /// The bytes of an object header holding `count`: the marker, and an integer when 15 or more.
    @inlinable package static func countSize(_ count: Int) -> Int {
        count < 15 ? 1 : 1 + integerSize(count)
    }

    /// The bytes of an integer object.
    @inlinable package static func integerSize(_ value: Int) -> Int {
        1 + integerLayout(value).width
    }

    /// An integer object's marker byte and the width of the big-endian number after it; a
    /// negative number always takes eight bytes.
    @inlinable package static func integerLayout(_ value: Int) -> (marker: UInt8, width: Int) {
        let width = value < 0 ? 8 : integerWidth(UInt64(value))
        return (0x10 | UInt8(width.trailingZeroBitCount), width)
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold a non-negative value: the width of an integer
    /// object, and of references and offsets.
    @inlinable package static func integerWidth(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// The 32 bytes at the end of the file that say where its parts are.
    package static func trailer(
        objectCount: Int, topObject: Int = 0, referenceSize: Int, offsetSize: Int, tableOffset: Int
    ) -> [UInt8] {
        var trailer = [UInt8](repeating: 0, count: 32)
        trailer[6] = UInt8(offsetSize)
        trailer[7] = UInt8(referenceSize)
        trailer.withUnsafeMutableBytes { bytes in
            for (offset, value) in [(8, objectCount), (16, topObject), (24, tableOffset)] {
                store(UInt64(value), size: 8, into: bytes, at: offset)
            }
        }
        return trailer
    }
}

/// Writing a whole file, a part at a time.
extension PlistObjectWriter {
    /// Where a file's parts go, as its writer measured them before a byte is written.
    package struct Plan: Sendable {
        /// The bytes before the first block: the magic number, the top object and shared keys.
        package var headerBytes: Int
        /// How many blocks are written at once, one per core.
        package var blocksAtOnce: Int
        /// Each block's exact size, start in the file and first object's number.
        package var blockSizes: [Int]
        package var blockStarts: [Int]
        package var blockObjects: [Int]
        package var objectCount: Int
        package var referenceSize: Int
        package var offsetSize: Int
        /// Where the offset table starts: the end of the last block.
        package var tableOffset: Int

        package init(
            headerBytes: Int, blocksAtOnce: Int, blockSizes: [Int], blockStarts: [Int], blockObjects: [Int],
            objectCount: Int, referenceSize: Int, offsetSize: Int, tableOffset: Int
        ) {
            (self.headerBytes, self.blocksAtOnce, self.blockSizes, self.blockStarts, self.blockObjects) = (
                headerBytes, max(1, blocksAtOnce), blockSizes, blockStarts, blockObjects
            )
            (self.objectCount, self.referenceSize, self.offsetSize, self.tableOffset) = (
                objectCount, referenceSize, offsetSize, tableOffset
            )
        }
    }

    /// Writes a file as `plan` lays it out, handing the bytes to `write` a part at a time, so
    /// that the new file is never in memory whole: the header that `header` writes, each block
    /// that `block` writes (a large file's blocks on several cores at once, each into its own
    /// buffer), then the offset table and the trailer. A part that does not come out the size
    /// the plan says stops the program.
    package static func write(
        _ plan: Plan, header: (inout PlistObjectWriter) -> Void,
        block: @Sendable (_ block: Int, _ writer: inout PlistObjectWriter) -> Void,
        to write: (SharedBytes) throws -> Void
    ) rethrows {
        let table = UnsafeMutableRawBufferPointer.allocate(
            byteCount: plan.objectCount * plan.offsetSize, alignment: 8)
        defer { table.deallocate() }
        let first = [UInt8](unsafeUninitializedCapacity: plan.headerBytes) { buffer, initialized in
            var output = PlistObjectWriter(
                buffer: buffer, base: 0, table: table, offsetSize: plan.offsetSize, objects: 0)
            header(&output)
            precondition(output.position == plan.headerBytes, "binary plist size was miscounted")
            initialized = output.position
        }
        try first.withUnsafeBytes { try write(SharedBytes($0)) }
        try writeBlocks(plan, table: table, block: block, to: write)
        try write(SharedBytes(UnsafeRawBufferPointer(table)))
        let trailer = Self.trailer(
            objectCount: plan.objectCount, referenceSize: plan.referenceSize, offsetSize: plan.offsetSize,
            tableOffset: plan.tableOffset)
        try trailer.withUnsafeBytes { try write(SharedBytes($0)) }
    }

    /// Writes the blocks, one per core at a time on a large file, into reusable buffers, and
    /// hands each to `write` in order.
    private static func writeBlocks(
        _ plan: Plan, table: UnsafeMutableRawBufferPointer,
        block: @Sendable (_ block: Int, _ writer: inout PlistObjectWriter) -> Void,
        to write: (SharedBytes) throws -> Void
    ) rethrows {
        let largest = max(plan.blockSizes.max() ?? 0, 1)
        let blocksAtOnce = plan.blocksAtOnce
        // Each block is written into its own buffer and writes only its own objects' entries
        // of the offset table.
        let buffers = (0..<blocksAtOnce).map { _ in
            PartedBuffer(UnsafeMutableBufferPointer<UInt8>.allocate(capacity: largest))
        }
        defer { for buffer in buffers { buffer.base.deallocate() } }
        let sharedTable = PartedBuffer(table.assumingMemoryBound(to: UInt8.self))
        @Sendable func writeBlock(_ index: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>) {
            var output = PlistObjectWriter(
                buffer: buffer, base: plan.blockStarts[index],
                table: UnsafeMutableRawBufferPointer(sharedTable.base),
                offsetSize: plan.offsetSize, objects: plan.blockObjects[index])
            block(index, &output)
            let end = index + 1 < plan.blockObjects.count ? plan.blockObjects[index + 1] : plan.objectCount
            precondition(
                output.position == plan.blockSizes[index] && output.objects == end,
                "binary plist size was miscounted")
        }
        for first in stride(from: 0, to: plan.blockSizes.count, by: blocksAtOnce) {
            let blocks = first..<min(first + blocksAtOnce, plan.blockSizes.count)
            // A class's one block is written right here: the engine is asked only to share out work.
            if blocks.count == 1 {
                writeBlock(first, buffers[0].base)
            } else {
                _ = ParallelWork.each(blocks.count) { part in writeBlock(first + part, buffers[part].base) }
            }
            for index in blocks {
                let bytes = UnsafeMutableBufferPointer(
                    rebasing: buffers[index - first].base[..<plan.blockSizes[index]])
                try write(SharedBytes(UnsafeRawBufferPointer(bytes)))
            }
        }
    }
}
