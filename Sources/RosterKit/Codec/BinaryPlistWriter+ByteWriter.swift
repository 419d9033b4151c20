import Foundation

extension BinaryPlistWriter {
    /// Writes into the exactly sized buffer, recording each object's offset in the table at its end.
    struct ByteWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        let tableStart: Int
        let offsetSize: Int
        private(set) var position: Int
        private(set) var objects: Int

        /// A writer that starts at byte `position` of the buffer, with object number `objects`.
        init(
            buffer: UnsafeMutableBufferPointer<UInt8>, tableStart: Int, offsetSize: Int, position: Int = 0,
            objects: Int = 0
        ) {
            self.buffer = buffer
            self.tableStart = tableStart
            self.offsetSize = offsetSize
            self.position = position
            self.objects = objects
        }

        /// Writes the magic number, the array and the keys: everything before the first record.
        mutating func writeHeader(records: [Record], referenceSize: Int) {
            append(contentsOf: "bplist00".utf8)
            begin()
            header(0xA, count: records.count)
            for record in records { bigEndian(UInt64(record.dictionary), size: referenceSize) }
            for key in StudentFields.Key.allCases {
                begin()
                header(0x5, count: key.rawValue.utf8.count)
                append(contentsOf: key.rawValue.utf8)
            }
        }

        /// Writes record `index` of `roster`: its dictionary and the values it brings.
        mutating func write(_ roster: some PlistRecords, at index: Int, _ record: Record, referenceSize: Int)
        {
            let student = roster.record(at: index)
            let dictionary = UInt64(record.dictionary)
            begin()
            let entries = 3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1)
            header(0xD, count: entries)
            for key in 1...5
            where key <= 3 || (key == 4 && student.grade != nil) || (key == 5 && student.score != nil) {
                bigEndian(UInt64(key), size: referenceSize)
            }
            bigEndian(dictionary + 1, size: referenceSize)
            bigEndian(dictionary + 2, size: referenceSize)
            bigEndian(UInt64(record.age), size: referenceSize)
            if student.grade != nil { bigEndian(UInt64(record.grade), size: referenceSize) }
            if student.score != nil { bigEndian(UInt64(record.score), size: referenceSize) }
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
        }

        mutating func writeTrailer(objectCount: Int, referenceSize: Int) {
            position = tableStart + objectCount * offsetSize
            append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
            bigEndian(UInt64(objectCount), size: 8)
            bigEndian(0, size: 8)
            bigEndian(UInt64(tableStart), size: 8)
        }

        /// Records that an object starts here, in the offset table.
        private mutating func begin() {
            let start = position
            position = tableStart + objects * offsetSize
            bigEndian(UInt64(start), size: offsetSize)
            position = start
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
            UUIDText.write(id, into: UnsafeMutableBufferPointer(rebasing: buffer[position..<(position + 36)]))
            position += 36
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            buffer[position] = byte
            position += 1
        }

        /// Copies bytes in one go, as a name's UTF-8 bytes.
        @inline(__always)
        mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[position..<position + bytes.count])
                .initialize(fromContentsOf: bytes)
            position += bytes.count
        }

        @inline(__always)
        private mutating func append(contentsOf bytes: some Sequence<UInt8>) {
            for byte in bytes { append(byte) }
        }

        /// Writes the lowest `size` bytes of `value`, most significant first; integers,
        /// references and offsets are 1, 2, 4 or 8 bytes wide, and each is stored in one go.
        @inline(__always)
        private mutating func bigEndian(_ value: UInt64, size: Int) {
            let output = UnsafeMutableRawBufferPointer(buffer)
            switch size {
            case 1: output[position] = UInt8(truncatingIfNeeded: value)
            case 2:
                output.storeBytes(
                    of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: position, as: UInt16.self)
            case 4:
                output.storeBytes(
                    of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: position, as: UInt32.self)
            case 8: output.storeBytes(of: value.bigEndian, toByteOffset: position, as: UInt64.self)
            default:
                for index in 0..<size {
                    output[position + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index)))
                }
            }
            position += size
        }
    }
}
