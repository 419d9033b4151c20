import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        /// details' keys are the objects from `detailKeys` on, in ``StudentDetail`` order.
        mutating func write(
            _ roster: some PlistRecords, at index: Int, _ record: Record, referenceSize: Int, detailKeys: Int
        ) {
            let student = roster.record(at: index)
            let details = record.details < 0 ? StudentDetails() : roster.details(at: index)
            let detailCount = details.count
            let dictionary = UInt64(record.dictionary)
            begin()
            let hasRegister = record.register >= 0
            let entries =
                3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1) + (hasRegister ? 1 : 0)
                + detailCount
            header(0xD, count: entries)
            for key in 1...5
            where key <= 3 || (key == 4 && student.grade != nil) || (key == 5 && student.score != nil) {
                bigEndian(UInt64(key), size: referenceSize)
            }
            for (offset, detail) in StudentDetail.allCases.enumerated() where details[detail] != nil {
                bigEndian(UInt64(detailKeys + offset), size: referenceSize)
            }
            if hasRegister { bigEndian(UInt64(RegisterTable.register), size: referenceSize) }
            bigEndian(dictionary + 1, size: referenceSize)
            bigEndian(dictionary + 2, size: referenceSize)
            bigEndian(UInt64(record.age), size: referenceSize)
            if student.grade != nil { bigEndian(UInt64(record.grade), size: referenceSize) }
            if student.score != nil { bigEndian(UInt64(record.score), size: referenceSize) }
            for offset in 0..<detailCount {
                bigEndian(UInt64(Int(record.details) + offset), size: referenceSize)
            }
            if hasRegister { bigEndian(UInt64(record.register), size: referenceSize) }
            begin()
            append(contentsOf: [0x5F, 0x10, 36])
            appendID(student.id)
            begin()
            header(record.nameIsASCII ? 0x5 : 0x6, count: Int(record.nameUnits))
            roster.writeNameBytes(at: index, isASCII: record.nameIsASCII, into: &self)
            if record.writesAge {
                begin()
                integer(student.age)
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
        private mutating func begin() {
            precondition(objects < table.count / offsetSize, "binary plist object count was miscounted")
            Self.store(UInt64(base + position), size: offsetSize, into: table, at: objects * offsetSize)
            objects += 1
        }

        private mutating func header(_ type: UInt8, count: Int) {
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
        private mutating func bigEndian(_ value: UInt64, size: Int) {
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
