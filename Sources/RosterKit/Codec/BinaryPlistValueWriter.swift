#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes any property-list value as a binary property list: the writer for rosters that keep
/// conventions of their own (see ``FileConventions``), which ``BinaryPlistWriter``'s fast path
/// does not know, and for the students ``BinaryPlistAppender`` adds to a file.
///
/// Equal strings, such as the keys every record shares, are written once, as Foundation does.
enum BinaryPlistValueWriter {
    /// The bytes of a `bplist00` file whose top-level object is `value`.
    static func bytes(for value: PlistValue) -> [UInt8] {
        var objects = ObjectTable(firstNumber: 0)
        let top = objects.add(value)
        let referenceSize = BinaryPlistWriter.integerWidth(UInt64(objects.count))
        let (body, bodyOffsets) = objects.encoded(referenceSize: referenceSize)
        var output = Array("bplist00".utf8) + body
        let offsets = bodyOffsets.map { $0 + 8 }
        let tableOffset = output.count
        let offsetSize = BinaryPlistWriter.integerWidth(UInt64(tableOffset))
        for offset in offsets { appendNumber(offset, size: offsetSize, to: &output) }
        output += BinaryPlistWriter.ByteWriter.trailer(
            objectCount: offsets.count, topObject: top, referenceSize: referenceSize, offsetSize: offsetSize,
            tableOffset: tableOffset)
        return output
    }

    /// Objects numbered in the order they will be written, from `firstNumber` on: a whole file's
    /// from 0, or the new students' added after a file's own (see ``BinaryPlistAppender``).
    ///
    /// Strings are written once and shared, and strings the file already has (its keys) are
    /// referred to by their numbers there.
    struct ObjectTable {
        enum Item {
            case leaf([UInt8])
            case array([Int])
            case dictionary(keys: [Int], values: [Int])
        }

        let firstNumber: Int
        private(set) var items: [Item] = []
        private var strings: [String: Int]

        /// An empty table whose first object will be `firstNumber`, reusing the numbers of
        /// `strings` that exist already.
        init(firstNumber: Int, strings: [String: Int] = [:]) {
            self.firstNumber = firstNumber
            self.strings = strings
        }

        /// How many objects the table holds.
        var count: Int { items.count }

        /// Numbers `value` and everything inside it; returns its number.
        mutating func add(_ value: PlistValue) -> Int {
            switch value {
            case .string(let text): return string(text)
            case .array(let elements):
                let number = reserve()
                items[number - firstNumber] = .array(elements.map { add($0) })
                return number
            case .dictionary(let entries):
                let number = reserve()
                let keys = entries.map { string($0.key) }
                items[number - firstNumber] = .dictionary(keys: keys, values: entries.map { add($0.value) })
                return number
            default:
                items.append(.leaf(BinaryPlistValueWriter.leaf(value)))
                return firstNumber + items.count - 1
            }
        }

        /// The objects' bytes, one after another, and where each starts among them.
        func encoded(referenceSize: Int) -> (bytes: [UInt8], offsets: [Int]) {
            var output: [UInt8] = []
            var offsets: [Int] = []
            offsets.reserveCapacity(items.count)
            for item in items {
                offsets.append(output.count)
                switch item {
                case .leaf(let bytes):
                    output += bytes
                case .array(let elements):
                    appendHeader(0xA, count: elements.count, to: &output)
                    for element in elements { appendNumber(element, size: referenceSize, to: &output) }
                case .dictionary(let keys, let values):
                    appendHeader(0xD, count: keys.count, to: &output)
                    for reference in keys + values {
                        appendNumber(reference, size: referenceSize, to: &output)
                    }
                }
            }
            return (output, offsets)
        }

        private mutating func reserve() -> Int {
            items.append(.leaf([]))
            return firstNumber + items.count - 1
        }

        private mutating func string(_ text: String) -> Int {
            if let number = strings[text] { return number }
            items.append(.leaf(BinaryPlistValueWriter.leaf(.string(text))))
            strings[text] = firstNumber + items.count - 1
            return firstNumber + items.count - 1
        }
    }

    /// The bytes of a value that holds no other value.
    private static func leaf(_ value: PlistValue) -> [UInt8] {
        var bytes: [UInt8] = []
        switch value {
        case .string(let text):
            let units = Array(text.utf16)
            if units.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x5, count: units.count, to: &bytes)
                bytes += units.map { UInt8($0) }
            } else {
                appendHeader(0x6, count: units.count, to: &bytes)
                for unit in units { appendNumber(Int(unit), size: 2, to: &bytes) }
            }
        case .integer(let number): BinaryPlistAppender.appendInteger(Int(number), to: &bytes)
        case .real(let number): appendEight(0x23, number.bitPattern, to: &bytes)
        case .date(let seconds): appendEight(0x33, seconds.bitPattern, to: &bytes)
        case .bool(let flag): bytes.append(flag ? 0x09 : 0x08)
        case .data(let data):
            appendHeader(0x4, count: data.count, to: &bytes)
            bytes += data
        case .uid(let number):
            let width = BinaryPlistWriter.integerWidth(number)
            bytes.append(0x80 | UInt8(width - 1))
            BinaryPlistAppender.appendBigEndian(number, size: width, to: &bytes)
        case .array, .dictionary: break
        }
        return bytes
    }

    private static func appendHeader(_ type: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(type << 4 | UInt8(count))
        } else {
            bytes.append(type << 4 | 0x0F)
            BinaryPlistAppender.appendInteger(count, to: &bytes)
        }
    }

    private static func appendEight(_ marker: UInt8, _ bits: UInt64, to bytes: inout [UInt8]) {
        bytes.append(marker)
        BinaryPlistAppender.appendBigEndian(bits, size: 8, to: &bytes)
    }

    private static func appendNumber(_ number: Int, size: Int, to bytes: inout [UInt8]) {
        BinaryPlistAppender.appendBigEndian(UInt64(number), size: size, to: &bytes)
    }
}
