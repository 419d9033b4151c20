/// Turns big-endian UTF-16, as binary property lists store non-ASCII strings, into a `String`.
@usableFromInline package enum UTF16Transcoder {
    /// The text of the big-endian UTF-16 in `bytes`, or `nil` when the units hold an unpaired
    /// surrogate.
    package static func string(bigEndian bytes: SharedBytes) -> String? {
        string(bigEndian: bytes.buffer)
    }

    /// The text of the big-endian UTF-16 in `bytes`, or `nil` when the units hold an unpaired
    /// surrogate.
    package static func string(bigEndian bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBytes { string(bigEndian: $0) }
    }

    /// Whether the big-endian UTF-16 in `bytes` is all ASCII, or `nil` when the units hold an
    /// unpaired surrogate.
    package static func isASCII(bigEndian bytes: SharedBytes) -> Bool? {
        isASCII(bigEndian: bytes.buffer)
    }

    /// The string, or `nil` when the units hold an unpaired surrogate.
    ///
    /// Writes UTF-8 straight into the new string's storage, in one pass and without an
    /// intermediate array, since this runs once for every non-ASCII name in a roster.
    package static func string(bigEndian bytes: UnsafeRawBufferPointer) -> String? {
        let units = bytes.count / 2
        var valid = true
        // Measuring first lets each name take just the memory it needs, which adds up over a
        // million names.
        let text = String(unsafeUninitializedCapacity: utf8Length(bigEndian: bytes)) { buffer in
            var written = 0
            var index = 0
            while index < units {
                var scalar = UInt32(bytes[2 * index]) << 8 | UInt32(bytes[2 * index + 1])
                index += 1
                if scalar >= 0xD800 && scalar <= 0xDFFF {
                    guard scalar <= 0xDBFF, index < units else {
                        valid = false
                        return 0
                    }
                    let low = UInt32(bytes[2 * index]) << 8 | UInt32(bytes[2 * index + 1])
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        valid = false
                        return 0
                    }
                    index += 1
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                written += encode(scalar, into: buffer, at: written)
            }
            return written
        }
        return valid ? text : nil
    }

    /// How many UTF-8 bytes the units make; a surrogate pair makes four.
    ///
    /// Each unit adds one byte, one more from U+0080 and another from U+0800, less one for a
    /// surrogate (two units, four bytes). Counted without a branch per unit: a name mixes ASCII
    /// with other letters, so the processor would often guess such a branch wrong.
    @inlinable package static func utf8Length(bigEndian bytes: UnsafeRawBufferPointer) -> Int {
        var length = 0
        for index in 0..<(bytes.count / 2) {
            let unit = Int(bytes[2 * index]) << 8 | Int(bytes[2 * index + 1])
            let isSurrogate = unit & 0xF800 == 0xD800
            length += 1 + (unit >= 0x80 ? 1 : 0) + (unit >= 0x800 ? 1 : 0) - (isSurrogate ? 1 : 0)
        }
        return length
    }

    /// Whether every unit is ASCII, checking without making a string that the units pair every
    /// surrogate; `nil` when they do not.
    ///
    /// Four units are looked at together, as one 64-bit word; only a name with a surrogate in it
    /// (an emoji, a rare CJK character) is checked unit by unit.
    @inlinable package static func isASCII(bigEndian bytes: UnsafeRawBufferPointer) -> Bool? {
        let lanes: UInt64 = 0x0001_0001_0001_0001
        let units = bytes.count / 2
        var seen: UInt64 = 0
        var index = 0
        while index + 4 <= units {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self))
            // In each 16-bit lane the low byte is the unit's high byte: 0xD8...0xDF for a surrogate.
            let surrogateMarks = (word & (0xF8 * lanes)) ^ (0xD8 * lanes)
            guard (surrogateMarks &- lanes) & ~surrogateMarks & (0x8000 * lanes) == 0 else {
                return isASCIIUnitByUnit(bigEndian: bytes)
            }
            seen |= word
            index += 4
        }
        let rest = isASCIIUnitByUnit(bigEndian: UnsafeRawBufferPointer(rebasing: bytes[(2 * index)...]))
        // A unit is ASCII when its high byte is 0 and its low byte below 0x80.
        return seen & (0x80FF * lanes) == 0 ? rest : rest.map { _ in false }
    }

    /// ``isASCII(bigEndian:)`` one unit at a time.
    @inlinable package static func isASCIIUnitByUnit(bigEndian bytes: UnsafeRawBufferPointer) -> Bool? {
        let units = bytes.count / 2
        var index = 0
        var high: UInt16 = 0
        while index < units {
            let unit = UInt16(bytes[2 * index]) << 8 | UInt16(bytes[2 * index + 1])
            high |= unit
            index += 1
            guard unit >= 0xD800 && unit <= 0xDFFF else { continue }
            guard unit <= 0xDBFF, index < units else { return nil }
            let low = UInt16(bytes[2 * index]) << 8 | UInt16(bytes[2 * index + 1])
            guard low >= 0xDC00 && low <= 0xDFFF else { return nil }
            index += 1
        }
        return high < 0x80
    }

    @inline(__always)
    private static func encode(
        _ scalar: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        switch scalar {
        case 0..<0x80:
            buffer[offset] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            buffer[offset] = UInt8(0xC0 | scalar >> 6)
            buffer[offset + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            buffer[offset] = UInt8(0xE0 | scalar >> 12)
            buffer[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            buffer[offset] = UInt8(0xF0 | scalar >> 18)
            buffer[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[offset + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

/// Counts and writes a string's UTF-16 code units straight from its UTF-8 bytes, for the
/// binary plist writer, which stores non-ASCII strings as big-endian UTF-16.
@usableFromInline package enum UTF16Encoding {
    /// How many UTF-16 code units `text` has, and whether it is all ASCII.
    @inlinable package static func measure(_ text: String) -> (units: Int, isASCII: Bool) {
        withUTF8(of: text) { bytes in
            var units = 0
            var high: UInt8 = 0
            for byte in bytes {
                high |= byte
                // Every byte that starts a scalar is one unit; a four-byte scalar is two.
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
            }
            return (units, high < 0x80)
        }
    }

    /// Calls `emit` with the big-endian bytes of each UTF-16 code unit of `text`.
    @inline(__always)
    @inlinable package static func forEachByte(of text: String, _ emit: (UInt8) -> Void) {
        withUTF8(of: text) { bytes in
            var index = 0
            while index < bytes.count {
                let decoded = UTF8Decoding.scalar(in: bytes, at: index)
                var scalar = decoded.value
                index += decoded.length
                if scalar >= 0x10000 {
                    scalar -= 0x10000
                    let high = 0xD800 + (scalar >> 10)
                    emit(UInt8(high >> 8))
                    emit(UInt8(high & 0xFF))
                    scalar = 0xDC00 + (scalar & 0x3FF)
                }
                emit(UInt8(scalar >> 8))
                emit(UInt8(scalar & 0xFF))
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, contiguous.
    ///
    /// A native string lends its bytes in place; only a string bridged from elsewhere is copied
    /// first. (`String.withUTF8` would copy the string, and so retain it, every time: a cost paid
    /// once per name, on several threads at once, when a large roster is written.)
    @inline(__always)
    @inlinable package static func withUTF8<Result>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    )
        -> Result
    {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }
}

/// Reads Unicode scalars straight from a string's UTF-8 bytes.
///
/// `String.unicodeScalars` checks indices and builds a scalar at every step; the name checks and
/// sort keys, which run once per student, only need each scalar's value, so they decode the bytes
/// themselves. The bytes must be valid UTF-8, as every `String`'s are.
@usableFromInline package enum UTF8Decoding {
    /// The scalar whose bytes start at `index`, and how many bytes it takes.
    @inline(__always)
    @inlinable package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
        value: UInt32, length: Int
    ) {
        let lead = UInt32(bytes[index])
        let next = { (offset: Int) in UInt32(bytes[index + offset] & 0x3F) }
        switch lead {
        case 0..<0x80: return (lead, 1)
        case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | next(1), 2)
        case 0xE0..<0xF0: return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
    }

    /// The value of the last scalar; `bytes` must not be empty.
    @inlinable package static func lastScalar(in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var start = bytes.count - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(in: bytes, at: start).value
    }
}
