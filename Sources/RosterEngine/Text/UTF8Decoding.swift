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
