import RosterEngine

/// The values of other apps' keys, as ``BinaryPlistWriter`` writes them after a record's own:
/// each value where it is numbered, a container before what it holds, nothing shared.
extension PlistObjectWriter {
    /// Writes `value` and everything inside it, numbered from the next object on: a container's
    /// references count past each earlier element's objects (see ``PlistValue/objectCount``).
    mutating func write(_ value: PlistValue, referenceSize: Int) {
        switch value {
        case .array(let elements):
            var next = objects + 1
            begin()
            header(0xA, count: elements.count)
            for element in elements {
                bigEndian(UInt64(next), size: referenceSize)
                next += element.objectCount
            }
            for element in elements { write(element, referenceSize: referenceSize) }
        case .dictionary(let entries):
            var next = objects + 1
            begin()
            header(0xD, count: entries.count)
            for _ in entries {
                bigEndian(UInt64(next), size: referenceSize)
                next += 1
            }
            for entry in entries {
                bigEndian(UInt64(next), size: referenceSize)
                next += entry.value.objectCount
            }
            for entry in entries { string(entry.key) }
            for entry in entries { write(entry.value, referenceSize: referenceSize) }
        case .string(let text): string(text)
        default: writeLeaf(value)
        }
    }

    /// Writes a value that holds no other value and is no string.
    private mutating func writeLeaf(_ value: PlistValue) {
        begin()
        switch value {
        case .integer(let number): integer(Int(number))
        case .real(let number):
            append(0x23)
            bigEndian(number.bitPattern, size: 8)
        case .date(let seconds):
            append(0x33)
            bigEndian(seconds.bitPattern, size: 8)
        case .bool(let flag): append(flag ? 0x09 : 0x08)
        case .data(let bytes):
            header(0x4, count: bytes.count)
            append(contentsOf: bytes)
        case .uid(let number):
            let width = Self.integerWidth(number)
            append(0x80 | UInt8(width - 1))
            bigEndian(number, size: width)
        case .string, .array, .dictionary: break
        }
    }
}

extension BinaryPlistWriter {
    /// The bytes `value` takes as ``PlistObjectWriter/write(_:referenceSize:)`` writes it.
    static func size(of value: PlistValue, referenceSize: Int) -> Int {
        switch value {
        case .string(let text): return stringSize(text)
        case .integer(let number): return PlistObjectWriter.integerSize(Int(number))
        case .real, .date: return 9
        case .bool: return 1
        case .data(let bytes): return PlistObjectWriter.countSize(bytes.count) + bytes.count
        case .uid(let number): return 1 + PlistObjectWriter.integerWidth(number)
        case .array(let elements):
            return elements.reduce(
                PlistObjectWriter.countSize(elements.count) + elements.count * referenceSize
            ) {
                $0 + size(of: $1, referenceSize: referenceSize)
            }
        case .dictionary(let entries):
            return entries.reduce(
                PlistObjectWriter.countSize(entries.count) + 2 * entries.count * referenceSize
            ) {
                $0 + stringSize($1.key) + size(of: $1.value, referenceSize: referenceSize)
            }
        }
    }
}
