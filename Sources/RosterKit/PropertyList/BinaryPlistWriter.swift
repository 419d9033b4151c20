import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes students as a binary property list (`bplist00`) that Foundation, `plutil` and Python's
/// `plistlib` all read.
///
/// The layout is the one Foundation's encoder uses: the array first, then the five keys written
/// once and shared by every record, then each record's dictionary and values. Equal whole numbers
/// (ages, grades) are stored once, as Foundation does. A roster with a register has the keys of
/// the register too, and each register's lessons and marks are stored once for every student
/// (see ``RegisterCoding``). A roster where some student has a school id, a name in parts or a
/// note has those four keys too, after the others, and each such student's texts after its
/// record's values (see ``DetailCoding``).
///
/// A first pass numbers every object and works out the exact size of each block of records, so
/// the second pass writes each block into a buffer of the right length and hands it on: no
/// growing, no copying, and never the whole new file in memory.
struct BinaryPlistWriter {
    /// The object numbers one record's dictionary refers to, and its name's stored length.
    struct Record {
        var dictionary: Int32
        var age: Int32
        var grade: Int32
        var score: Int32
        var nameUnits: Int32
        var nameIsASCII: Bool
        /// Whether this record is the first with its age or grade, which is then written with it.
        var writesAge: Bool
        var writesGrade: Bool
        /// The register's dictionary, or -1 when the student has none.
        var register: Int32 = -1
        /// The first of the details' strings, or -1 when the student has none.
        var details: Int32 = -1
    }

    /// How many records are written into each block of the file.
    static let recordsPerBlock = 8_192

    /// Encodes `roster` in file order.
    static func bytes(for roster: some PlistRecords) -> [UInt8] {
        var result: [UInt8] = []
        write(roster) { result.append(contentsOf: $0) }
        return result
    }

    /// Encodes `roster` in file order, handing the bytes to `write` a block of records at a time,
    /// so that the new file is never in memory whole.
    ///
    /// A first pass numbers every object and works out each block's exact size, so each block is
    /// written into a buffer of the right length, and a large roster's blocks two at a time, one
    /// per core: each knows where it starts, in the file and in the offset table.
    static func write(
        _ roster: some PlistRecords, to write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let layout = Layout(roster)
        let table = UnsafeMutableRawBufferPointer.allocate(
            byteCount: layout.objectCount * layout.offsetSize, alignment: 8)
        defer { table.deallocate() }
        let header = [UInt8](unsafeUninitializedCapacity: layout.headerBytes) { buffer, initialized in
            var output = ByteWriter(
                buffer: buffer, base: 0, table: table, offsetSize: layout.offsetSize, objects: 0)
            output.writeHeader(
                records: layout.records, keys: layout.keys, referenceSize: layout.referenceSize)
            precondition(output.position == layout.headerBytes, "binary plist size was miscounted")
            initialized = output.position
        }
        try header.withUnsafeBytes(write)
        try writeBlocks(of: roster, layout: layout, table: table, to: write)
        try write(UnsafeRawBufferPointer(table))
        let trailer = ByteWriter.trailer(
            objectCount: layout.objectCount, referenceSize: layout.referenceSize,
            offsetSize: layout.offsetSize, tableOffset: layout.tableOffset)
        try trailer.withUnsafeBytes(write)
    }

    /// Encodes the blocks of records, one per core at a time on a large roster, into reusable
    /// buffers, and hands each block to `write` in order.
    private static func writeBlocks(
        of roster: some PlistRecords, layout: Layout, table: UnsafeMutableRawBufferPointer,
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let largest = max(layout.blockSizes.max() ?? 0, 1)
        let blocksAtOnce = ParallelWork.partCount(for: roster.count)
        // Each block is encoded into its own buffer and writes only its own records' entries
        // of the offset table.
        let buffers = (0..<blocksAtOnce).map { _ in
            PartedBuffer(UnsafeMutableBufferPointer<UInt8>.allocate(capacity: largest))
        }
        defer { for buffer in buffers { buffer.base.deallocate() } }
        let sharedTable = PartedBuffer(table.assumingMemoryBound(to: UInt8.self))
        for first in stride(from: 0, to: layout.blockSizes.count, by: blocksAtOnce) {
            let blocks = first..<min(first + blocksAtOnce, layout.blockSizes.count)
            // A class's one block is encoded right here: the engine is asked only to share out work.
            if blocks.count == 1 {
                encodeBlock(first, of: roster, layout: layout, into: buffers[0].base, table: table)
            } else {
                _ = ParallelWork.each(blocks.count) { part in
                    encodeBlock(
                        first + part, of: roster, layout: layout, into: buffers[part].base,
                        table: UnsafeMutableRawBufferPointer(sharedTable.base))
                }
            }
            for block in blocks {
                let bytes = UnsafeMutableBufferPointer(
                    rebasing: buffers[block - first].base[..<layout.blockSizes[block]])
                try write(UnsafeRawBufferPointer(bytes))
            }
        }
    }

    /// Writes the records of one block into `buffer` and their objects' offsets into `table`.
    private static func encodeBlock(
        _ block: Int, of roster: some PlistRecords, layout: Layout,
        into buffer: UnsafeMutableBufferPointer<UInt8>,
        table: UnsafeMutableRawBufferPointer
    ) {
        let records = layout.records(in: block)
        var output = ByteWriter(
            buffer: buffer, base: layout.blockStarts[block], table: table, offsetSize: layout.offsetSize,
            objects: Int(layout.records[records.lowerBound].dictionary))
        for index in records {
            output.write(
                roster, at: index, layout.records[index], referenceSize: layout.referenceSize,
                detailKeys: layout.detailKeys)
            if layout.records[index].register >= 0 {
                output.writeRegister(
                    roster.register(at: index), table: layout.registers, referenceSize: layout.referenceSize)
            }
        }
        let end =
            records.upperBound < layout.records.count
            ? Int(layout.records[records.upperBound].dictionary) : layout.objectCount
        precondition(
            output.position == layout.blockSizes[block] && output.objects == end,
            "binary plist size was miscounted")
    }

    /// The bytes of an object header holding `count`: the marker, and an integer when 15 or more.
    static func countSize(_ count: Int) -> Int {
        count < 15 ? 1 : 1 + integerSize(count)
    }

    /// The bytes of an integer object.
    static func integerSize(_ value: Int) -> Int {
        1 + integerLayout(value).width
    }

    /// An integer object's marker byte and the width of the big-endian number after it; a
    /// negative number always takes eight bytes.
    static func integerLayout(_ value: Int) -> (marker: UInt8, width: Int) {
        let width = value < 0 ? 8 : integerWidth(UInt64(value))
        return (0x10 | UInt8(width.trailingZeroBitCount), width)
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold a non-negative value: the width of an integer
    /// object, and of references and offsets.
    static func integerWidth(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

}
