import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes property-list values as the objects of a binary property list: the students
/// ``BinaryPlistAppender`` adds to a file, each written as ``PlistValue/record(of:conventions:)``
/// makes it, as the XML writer writes every record.
///
/// Equal strings, such as the keys every record shares, are written once, as Foundation does.
enum BinaryPlistValueWriter {
    /// Objects written one after another as they are added, numbered in that order from
    /// `firstNumber` on: a whole file's from 0, or the new students' added after a file's own (see
    /// ``BinaryPlistAppender``). A container is written after what it holds, so each object is
    /// written once, straight into one buffer.
    ///
    /// Keys and short strings (a register's marks, small numbers as text) are written once and
    /// shared, and strings the file already has (its keys) are referred to by their numbers there;
    /// long strings, such as ids and most names, are not looked up, which costs a large roster a
    /// hash of every one.
    struct ObjectTable {
        let firstNumber: Int
        let referenceSize: Int
        /// The objects' bytes, one after another.
        private(set) var bytes: [UInt8] = []
        /// Where each object starts in the file: its place in ``bytes`` after `bodyStart`.
        private(set) var offsets: [Int] = []
        private let bodyStart: Int
        private var strings: [String: Int]

        /// The longest string, in UTF-8 bytes, that is looked up to be shared.
        private static let sharedLength = 16

        /// An empty table whose first object will be `firstNumber`, written with references of
        /// `referenceSize` bytes after `bodyStart` bytes of the file, reusing the numbers of
        /// `strings` that exist already.
        init(firstNumber: Int, strings: [String: Int] = [:], referenceSize: Int, bodyStart: Int) {
            (self.firstNumber, self.strings) = (firstNumber, strings)
            (self.referenceSize, self.bodyStart) = (referenceSize, bodyStart)
        }

        /// How many objects the table holds.
        var count: Int { offsets.count }

        /// Writes `value` and everything inside it; returns its number.
        mutating func add(_ value: PlistValue) -> Int {
            switch value {
            case .string(let text): return string(text, shared: text.utf8.count <= Self.sharedLength)
            case .array(let elements):
                let references = elements.map { add($0) }
                let number = begin()
                appendHeader(0xA, count: references.count, to: &bytes)
                for reference in references { appendNumber(reference, size: referenceSize, to: &bytes) }
                return number
            case .dictionary(let entries):
                let keys = entries.map { string($0.key, shared: true) }
                let values = entries.map { add($0.value) }
                let number = begin()
                appendHeader(0xD, count: keys.count, to: &bytes)
                for reference in keys { appendNumber(reference, size: referenceSize, to: &bytes) }
                for reference in values { appendNumber(reference, size: referenceSize, to: &bytes) }
                return number
            default:
                let number = begin()
                BinaryPlistValueWriter.appendLeaf(value, to: &bytes)
                return number
            }
        }

        /// Starts the next object; returns its number.
        private mutating func begin() -> Int {
            offsets.append(bodyStart + bytes.count)
            return firstNumber + offsets.count - 1
        }

        private mutating func string(_ text: String, shared: Bool) -> Int {
            if shared, let number = strings[text] { return number }
            let number = begin()
            BinaryPlistValueWriter.appendLeaf(.string(text), to: &bytes)
            if shared { strings[text] = number }
            return number
        }
    }

    /// Appends the bytes of a value that holds no other value.
    private static func appendLeaf(_ value: PlistValue, to bytes: inout [UInt8]) {
        switch value {
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x5, count: text.utf8.count, to: &bytes)
                bytes += text.utf8
            } else {
                let units = Array(text.utf16)
                appendHeader(0x6, count: units.count, to: &bytes)
                for unit in units { appendNumber(Int(unit), size: 2, to: &bytes) }
            }
        case .integer(let number): appendInteger(Int(number), to: &bytes)
        case .real(let number): appendEight(0x23, number.bitPattern, to: &bytes)
        case .date(let seconds): appendEight(0x33, seconds.bitPattern, to: &bytes)
        case .bool(let flag): bytes.append(flag ? 0x09 : 0x08)
        case .data(let data):
            appendHeader(0x4, count: data.count, to: &bytes)
            bytes += data
        case .uid(let number):
            let width = PlistObjectWriter.integerWidth(number)
            bytes.append(0x80 | UInt8(width - 1))
            appendBigEndian(number, size: width, to: &bytes)
        case .array, .dictionary: break
        }
    }

    /// Appends an object's marker of `type` holding `count`, with an integer after it when 15 or more.
    static func appendHeader(_ type: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(type << 4 | UInt8(count))
        } else {
            bytes.append(type << 4 | 0x0F)
            appendInteger(count, to: &bytes)
        }
    }

    private static func appendEight(_ marker: UInt8, _ bits: UInt64, to bytes: inout [UInt8]) {
        bytes.append(marker)
        appendBigEndian(bits, size: 8, to: &bytes)
    }

    private static func appendNumber(_ number: Int, size: Int, to bytes: inout [UInt8]) {
        appendBigEndian(UInt64(number), size: size, to: &bytes)
    }

    /// Appends an integer object.
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        let (marker, width) = PlistObjectWriter.integerLayout(value)
        output.append(marker)
        appendBigEndian(UInt64(bitPattern: Int64(value)), size: width, to: &output)
    }

    /// Appends the lowest `size` bytes of `value`, most significant first.
    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
