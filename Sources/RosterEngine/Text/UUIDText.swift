#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes UUIDs as upper-case text the way `UUID.uuidString` does, many times faster.
///
/// `uuidString` goes through `snprintf`; a roster export writes one id per student, so this
/// hand-written formatter keeps large exports fast.
@usableFromInline package enum UUIDText {
    /// The upper-case hexadecimal digit for a value from 0 to 15.
    @inline(__always)
    @inlinable package static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }

    /// Appends the 36 characters of `uuid` to `output`.
    ///
    /// - Parameters:
    ///   - uuid: The id.
    ///   - output: The bytes to append to.
    @inline(__always)
    @inlinable package static func append(_ uuid: UUID, to output: inout [UInt8]) {
        // Made on the stack and appended in one copy, rather than appended a byte at a time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            write(uuid, into: text)
            output.append(contentsOf: text)
        }
    }

    /// The byte of `uuid` at `index` (0 to 15), read from the tuple without a pointer.
    @inlinable package static func byte(at index: Int, of uuid: UUID) -> UInt8 {
        let bytes = uuid.uuid
        switch index {
        case 0: return bytes.0
        case 1: return bytes.1
        case 2: return bytes.2
        case 3: return bytes.3
        case 4: return bytes.4
        case 5: return bytes.5
        case 6: return bytes.6
        case 7: return bytes.7
        case 8: return bytes.8
        case 9: return bytes.9
        case 10: return bytes.10
        case 11: return bytes.11
        case 12: return bytes.12
        case 13: return bytes.13
        case 14: return bytes.14
        default: return bytes.15
        }
    }

    /// The 16 bytes of `uuid` as two big-endian integers, so that ids sort and compare as their
    /// hexadecimal text does.
    @inlinable package static func halves(of uuid: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            (
                raw.loadUnaligned(as: UInt64.self).bigEndian,
                raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
            )
        }
    }

    /// Parses a UUID written as 36 hexadecimal digits and hyphens, in either case.
    ///
    /// Hand-written because `UUID(uuidString:)` is several times slower, and a large roster parses
    /// one id per student: the 32 digits are read as four 64-bit words, eight digits at a time
    /// (see ``bytes(ofDigits:)``).
    package static func uuid(fromASCII text: SharedBytes) -> UUID? {
        uuid(fromASCII: text.buffer)
    }

    /// Parses a UUID from text, as `uuid(fromASCII:)` parses bytes.
    package static func uuid(from text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(fromASCII: UnsafeRawBufferPointer($0)) }
    }

    static func uuid(fromASCII bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D
        else {
            return nil
        }
        let word = { (offset: Int) in
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let half = { (offset: Int) in
            UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // The digits between the hyphens, eight to a word, in the order they are written.
        guard let first = Self.bytes(ofDigits: word(0)),
            let second = Self.bytes(ofDigits: half(9) | half(14) << 32),
            let third = Self.bytes(ofDigits: half(19) | half(24) << 32),
            let fourth = Self.bytes(ofDigits: word(28))
        else {
            return nil
        }
        let raw = (first.littleEndian, second.littleEndian, third.littleEndian, fourth.littleEndian)
        return withUnsafeBytes(of: raw) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// Writes the 36 characters of `uuid` over the first 36 bytes of `text`.
    @inline(__always)
    @inlinable package static func write(_ uuid: UUID, into text: UnsafeMutableBufferPointer<UInt8>) {
        let output = UnsafeMutableRawBufferPointer(text)
        hexPairs.withUnsafeBufferPointer { pairs in
            withUnsafeBytes(of: uuid.uuid) { raw in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output.storeBytes(
                        of: pairs[Int(raw[index])].littleEndian, toByteOffset: position, as: UInt16.self)
                    position += 2
                }
            }
        }
    }

    /// The two digits of every byte, the first in the low byte: one lookup and one store a byte
    /// of the id instead of two digits worked out one at a time.
    @usableFromInline static let hexPairs: [UInt16] = (0...255).map { byte in
        UInt16(digit(UInt8(byte >> 4))) | UInt16(digit(UInt8(byte & 0x0F))) << 8
    }

    /// The four bytes that eight hexadecimal digits stand for, or `nil` when one is not a digit.
    ///
    /// The digits are the bytes of `digits` from the lowest, as a little-endian load of the text
    /// gives them; the result holds the bytes in the same order from its lowest. Every digit is
    /// checked and converted at once, eight to the word, rather than one at a time.
    @inline(__always)
    @inlinable package static func bytes(ofDigits digits: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = 0x80 * ones
        // For bytes below 0x80 these sums never carry into the next byte: each byte's top bit
        // then tells whether it is at least `low`, or at most `top`.
        func atLeast(_ value: UInt64, _ low: UInt64) -> UInt64 { (value &+ (0x80 - low) * ones) & high }
        func atMost(_ value: UInt64, _ top: UInt64) -> UInt64 { ~(value &+ (0x7F - top) * ones) & high }
        let lower = digits | (0x20 * ones)
        let isDigit = atLeast(digits, 0x30) & atMost(digits, 0x39)
        let isLetter = atLeast(lower, 0x61) & atMost(lower, 0x66)
        guard digits & high == 0, isDigit | isLetter == high else { return nil }
        // '0'...'9' end in their value; 'A'...'F' and 'a'...'f' end in 1...6 and have bit 6 set.
        let nibbles = (digits & (0x0F * ones)) &+ ((digits >> 6) & ones) &* 9
        var pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        pairs = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: pairs | (pairs >> 16))
    }

    /// The 36 characters of `uuid`, as `uuid.uuidString` gives them.
    ///
    /// - Parameter uuid: The id.
    /// - Returns: The upper-case text.
    @inlinable package static func string(_ uuid: UUID) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        append(uuid, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
