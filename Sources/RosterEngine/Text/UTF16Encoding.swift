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
