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
        /// The marks' dictionary, or -1 when the student has none.
        var marks: Int32 = -1
    }

    /// How many records are written into each block of the file.
    static let recordsPerBlock = 8_192

    /// Encodes `roster` in file order.
    static func bytes(for roster: some PlistRecords, agesAsText: Bool = true) -> [UInt8] {
        var result: [UInt8] = []
        write(roster, agesAsText: agesAsText) { result.append(contentsOf: $0) }
        return result
    }

    /// Encodes `roster` in file order, handing the bytes to `write` a block of records at a time,
    /// so that the new file is never in memory whole.
    ///
    /// A first pass numbers every object and works out each block's exact size, so each block is
    /// written into a buffer of the right length, and a large roster's blocks two at a time, one
    /// per core: each knows where it starts, in the file and in the offset table.
    /// Ages are written as text, as the iOS app stores them, unless `agesAsText` is `false`.
    static func write(
        _ roster: some PlistRecords, agesAsText: Bool = true,
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let layout = Layout(roster, agesAsText: agesAsText)
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
                detailKeys: layout.detailKeys, marksKey: layout.marks.key, agesAsText: layout.agesAsText)
            if layout.records[index].register >= 0 {
                output.writeRegister(
                    roster.register(at: index), table: layout.registers, referenceSize: layout.referenceSize)
            }
            if layout.records[index].marks >= 0 {
                output.writeMarks(
                    roster.marks(at: index), table: layout.marks, referenceSize: layout.referenceSize)
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

extension BinaryPlistWriter {
    /// Writes one part of the file into a buffer of the right size, recording each object's
    /// offset in the file's offset table.
    struct ByteWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        /// Where the buffer's first byte goes in the file.
        let base: Int
        /// The offset table, shared by the writers of every part; each writes its own objects' entries.
        let table: UnsafeMutableRawBufferPointer
        let offsetSize: Int
        /// How many bytes of the buffer are written.
        private(set) var position = 0
        /// The number of the next object.
        private(set) var objects: Int

        /// A writer of the part of the file that starts at byte `base` with object number `objects`.
        init(
            buffer: UnsafeMutableBufferPointer<UInt8>, base: Int, table: UnsafeMutableRawBufferPointer,
            offsetSize: Int, objects: Int
        ) {
            self.buffer = buffer
            self.base = base
            self.table = table
            self.offsetSize = offsetSize
            self.objects = objects
        }

        /// Writes the magic number, the array and the keys: everything before the first record.
        mutating func writeHeader(records: [Record], keys: [String], referenceSize: Int) {
            append(contentsOf: "bplist00".utf8)
            begin()
            header(0xA, count: records.count)
            for record in records { bigEndian(UInt64(record.dictionary), size: referenceSize) }
            for key in keys { string(key) }
        }

        /// Writes record `index` of `roster`: its dictionary and the values it brings. The
        /// details' keys are the objects from `detailKeys` on, in ``StudentDetail`` order, and
        /// `marksKey` is the object of the key `marks`.
        mutating func write(
            _ roster: some PlistRecords, at index: Int, _ record: Record, referenceSize: Int, detailKeys: Int,
            marksKey: Int32, agesAsText: Bool
        ) {
            let student = roster.record(at: index)
            let details = record.details < 0 ? StudentDetails() : roster.details(at: index)
            let detailCount = details.count
            let dictionary = UInt64(record.dictionary)
            begin()
            let (hasRegister, hasMarks) = (record.register >= 0, record.marks >= 0)
            let entries =
                3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1) + (hasRegister ? 1 : 0)
                + detailCount + (hasMarks ? 1 : 0)
            header(0xD, count: entries)
            for key in 1...5
            where key <= 3 || (key == 4 && student.grade != nil) || (key == 5 && student.score != nil) {
                bigEndian(UInt64(key), size: referenceSize)
            }
            for (offset, detail) in StudentDetail.allCases.enumerated() where details[detail] != nil {
                bigEndian(UInt64(detailKeys + offset), size: referenceSize)
            }
            if hasRegister { bigEndian(UInt64(RegisterTable.register), size: referenceSize) }
            if hasMarks { bigEndian(UInt64(marksKey), size: referenceSize) }
            bigEndian(dictionary + 1, size: referenceSize)
            bigEndian(dictionary + 2, size: referenceSize)
            bigEndian(UInt64(record.age), size: referenceSize)
            if student.grade != nil { bigEndian(UInt64(record.grade), size: referenceSize) }
            if student.score != nil { bigEndian(UInt64(record.score), size: referenceSize) }
            for offset in 0..<detailCount {
                bigEndian(UInt64(Int(record.details) + offset), size: referenceSize)
            }
            if hasRegister { bigEndian(UInt64(record.register), size: referenceSize) }
            if hasMarks { bigEndian(UInt64(record.marks), size: referenceSize) }
            begin()
            append(contentsOf: [0x5F, 0x10, 36])
            appendID(student.id)
            begin()
            header(record.nameIsASCII ? 0x5 : 0x6, count: Int(record.nameUnits))
            roster.writeNameBytes(at: index, isASCII: record.nameIsASCII, into: &self)
            if record.writesAge {
                begin()
                if agesAsText {
                    let digits = String(student.age).utf8
                    header(0x5, count: digits.count)
                    append(contentsOf: digits)
                } else {
                    integer(student.age)
                }
            }
            if let grade = student.grade, record.writesGrade {
                begin()
                integer(grade)
            }
            if let score = student.score {
                begin()
                append(0x23)
                bigEndian(score.bitPattern, size: 8)
            }
            for detail in StudentDetail.allCases { if let text = details[detail] { string(text) } }
        }

        /// Writes a student's register, right after its record: its dictionary, then a
        /// dictionary and a reason for each mark that has one, in lesson order.
        mutating func writeRegister(_ register: StoredRegister, table: RegisterTable, referenceSize: Int) {
            let dictionary = objects
            begin()
            header(0xD, count: register.lines.count)
            for line in register.lines {
                bigEndian(UInt64(table.object(ofLesson: line.lesson)), size: referenceSize)
            }
            var next = dictionary + 1
            for line in register.lines {
                if register.reasons.isEmpty || register.reasons[line.lesson] == nil {
                    bigEndian(UInt64(table.object(of: line.mark)), size: referenceSize)
                } else {
                    bigEndian(UInt64(next), size: referenceSize)
                    next += 2
                }
            }
            guard !register.reasons.isEmpty else { return }
            for line in register.lines {
                guard let reason = register.reasons[line.lesson] else { continue }
                let entry = Int32(objects)
                begin()
                header(0xD, count: 2)
                for reference in [
                    RegisterTable.mark, RegisterTable.reason, table.object(of: line.mark), entry + 1,
                ] {
                    bigEndian(UInt64(reference), size: referenceSize)
                }
                string(reason)
            }
        }

        /// Writes a string object: ASCII text one byte a character, any other big-endian UTF-16.
        mutating func string(_ text: String) {
            begin()
            let (units, isASCII) = UTF16Encoding.measure(text)
            header(isASCII ? 0x5 : 0x6, count: units)
            if isASCII {
                UTF16Encoding.withUTF8(of: text) { append(contentsOf: $0) }
            } else {
                UTF16Encoding.forEachByte(of: text) { append($0) }
            }
        }

        /// The 32 bytes at the end of the file that say where its parts are.
        static func trailer(
            objectCount: Int, topObject: Int = 0, referenceSize: Int, offsetSize: Int, tableOffset: Int
        ) -> [UInt8] {
            var trailer = [UInt8](repeating: 0, count: 32)
            trailer[6] = UInt8(offsetSize)
            trailer[7] = UInt8(referenceSize)
            trailer.withUnsafeMutableBytes { raw in
                store(UInt64(objectCount), size: 8, into: raw, at: 8)
                store(UInt64(topObject), size: 8, into: raw, at: 16)
                store(UInt64(tableOffset), size: 8, into: raw, at: 24)
            }
            return trailer
        }

        /// Checks that `count` more bytes fit the buffer before they are written: whatever size the
        /// buffer was given, the writer stops the process rather than write past its end.
        @inline(__always)
        private func reserve(_ count: Int) {
            precondition(count <= buffer.count - position, "binary plist size was miscounted")
        }

        /// Records that an object starts here, in the offset table.
        mutating func begin() {
            precondition(objects < table.count / offsetSize, "binary plist object count was miscounted")
            Self.store(UInt64(base + position), size: offsetSize, into: table, at: objects * offsetSize)
            objects += 1
        }

        mutating func header(_ type: UInt8, count: Int) {
            if count < 15 {
                append(type << 4 | UInt8(count))
            } else {
                append(type << 4 | 0x0F)
                integer(count)
            }
        }

        private mutating func integer(_ value: Int) {
            let (marker, width) = BinaryPlistWriter.integerLayout(value)
            append(marker)
            bigEndian(UInt64(bitPattern: Int64(value)), size: width)
        }

        private mutating func appendID(_ id: UUID) {
            reserve(36)
            UUIDText.write(id, into: UnsafeMutableBufferPointer(rebasing: buffer[position..<(position + 36)]))
            position += 36
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            reserve(1)
            buffer[position] = byte
            position += 1
        }

        /// Copies bytes in one go, as a name's UTF-8 bytes.
        @inline(__always)
        mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
            reserve(bytes.count)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[position..<position + bytes.count])
                .initialize(fromContentsOf: bytes)
            position += bytes.count
        }

        @inline(__always)
        private mutating func append(contentsOf bytes: some Sequence<UInt8>) {
            for byte in bytes { append(byte) }
        }

        /// Writes the lowest `size` bytes of `value`, most significant first.
        @inline(__always)
        mutating func bigEndian(_ value: UInt64, size: Int) {
            reserve(size)
            Self.store(value, size: size, into: UnsafeMutableRawBufferPointer(buffer), at: position)
            position += size
        }

        /// Stores the lowest `size` bytes of `value` at `offset`, most significant first; integers,
        /// references and offsets are 1, 2, 4 or 8 bytes wide, and each is stored in one go.
        @inline(__always)
        private static func store(
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
}
