#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sort key of a name: bytes that compare, by `memcmp`, as people expect the names to be
/// ordered.
///
/// Case and accents are ignored, so `Émile` sorts beside `emile`, and runs of digits compare as
/// numbers, so `Student 2` comes before `Student 10`. Building the key folds the name once (see
/// ``ScalarFolder``), so sorting compares plain bytes instead of folding names again at every
/// comparison.
package enum SortKey {
    /// Whether key `lhs` orders before key `rhs`: byte by byte, a key before the longer keys it
    /// begins.
    package static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
                    return left.count < right.count
                }
                let order = memcmp(leftStart, rightStart, min(left.count, right.count))
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    // Each folded scalar is written as UTF-8, so comparing bytes compares scalars. A run of digits
    // becomes the digit marker, its length without leading zeros, then the digits, so a longer
    // number always sorts after a shorter one and equal lengths compare digit by digit.
    //
    // The key is written from the name's UTF-8 bytes with a cursor (see ``write(utf8:to:folder:)``);
    // only a name with a letter that folds to several, whose key may not fit, is folded scalar by
    // scalar instead.
    package static func append(_ name: String, to result: inout [UInt8], folder: inout ScalarFolder) {
        let fits = UTF16Encoding.withUTF8(of: name) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * bytes.count + 8) { memory in
                var key = ByteCursor(memory)
                guard write(utf8: bytes, to: &key, folder: &folder) else { return false }
                result.append(contentsOf: key.written)
                return true
            }
        }
        if !fits { appendScalars(name, to: &result, folder: &folder) }
    }

    /// Writes the key of a name given as UTF-8 at `key`, the key ``appendScalars(_:to:folder:)``
    /// makes, decoding scalars only beyond ASCII. Returns `false`, having written part of the key,
    /// when the key does not fit; ``append(_:to:folder:)`` then makes it with
    /// ``appendScalars(_:to:folder:)``.
    ///
    /// A name of `n` bytes makes a key of at most `4 * n + 8` bytes unless one of its letters
    /// folds to several, which is rare.
    package static func write(
        utf8 name: UnsafeBufferPointer<UInt8>, to key: inout ByteCursor, folder: inout ScalarFolder
    )
        -> Bool
    {
        var index = 0
        var fits = true
        while index < name.count && fits {
            let byte = name[index]
            if byte >= 0x30 && byte <= 0x39 {
                var end = index + 1
                while end < name.count && name[end] >= 0x30 && name[end] <= 0x39 { end += 1 }
                var start = index
                while start < end && name[start] == 0x30 { start += 1 }
                guard key.remaining >= end - start + 5 else { return false }
                key.append(0x30)
                writeUTF8(UInt32(end - start), to: &key)
                key.append(UnsafeBufferPointer(rebasing: name[start..<end]))
                index = end
            } else if byte < 0x80 {
                guard key.remaining >= 1 else { return false }
                key.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                index += 1
            } else {
                let (scalar, length) = UTF8Decoding.scalar(in: name, at: index)
                index += length
                folder.fold(scalar) { folded in
                    guard fits && key.remaining >= 4 else {
                        fits = false
                        return
                    }
                    writeUTF8(folded, to: &key)
                }
            }
        }
        return fits
    }

    /// Writes a scalar as UTF-8; the caller has made room for four bytes.
    @inline(__always)
    private static func writeUTF8(_ scalar: UInt32, to key: inout ByteCursor) {
        switch scalar {
        case 0..<0x80:
            key.append(UInt8(scalar))
        case 0x80..<0x800:
            key.append(UInt8(0xC0 | scalar >> 6))
            key.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            key.append(UInt8(0xE0 | scalar >> 12))
            key.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            key.append(UInt8(0x80 | scalar & 0x3F))
        default:
            key.append(UInt8(0xF0 | scalar >> 18 & 0x07))
            key.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            key.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            key.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    package static func appendScalars(_ name: String, to result: inout [UInt8], folder: inout ScalarFolder) {
        var digits: [UInt8] = []
        func append(_ scalar: UInt32) { appendUTF8(scalar, to: &result) }
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            append(0x30)
            append(UInt32(significant.count))
            for digit in significant { append(UInt32(digit)) }
            digits.removeAll(keepingCapacity: true)
        }
        for scalar in name.unicodeScalars {
            if (0x30...0x39).contains(scalar.value) {
                digits.append(UInt8(scalar.value))
                continue
            }
            flushDigits()
            folder.fold(scalar.value) { append($0) }
        }
        flushDigits()
    }

    /// UTF-8 orders bytes as it orders scalars, so it makes compact keys that compare by memcmp.
    private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
        result.appendRow(maximumCount: 4) { writeUTF8(scalar, to: &$0) }
    }
}
