#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes one row of a listing or file into memory of a known size.
///
/// Each append to an array checks its capacity and that nobody else shares it; a JSON row is a
/// dozen appends, and a listing of 100,000 students spent more time on those checks than on its
/// bytes. The writers work out how long a row can be, write it with a cursor, which checks only
/// that the row stays within that length, and append it to the array in one copy (see
/// ``appendRow(to:maximumCount:_:)``).
@usableFromInline package struct ByteCursor {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes have been written.
    @usableFromInline package var count = 0

    /// A cursor at the start of `buffer`.
    ///
    /// - Parameter buffer: The memory to write into; it must outlive the cursor.
    @inlinable package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// How many more bytes fit.
    @inlinable package var remaining: Int { buffer.count - count }

    /// The bytes written so far.
    @inlinable package var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[0..<count])
    }

    /// Room for `length` more bytes, which `write` fills; a row longer than its maximum stops the
    /// program rather than write past its memory.
    @inline(__always)
    @inlinable mutating func reserve(_ length: Int) -> UnsafeMutableBufferPointer<UInt8> {
        precondition(length <= buffer.count - count, "a row is longer than its maximum")
        defer { count += length }
        return UnsafeMutableBufferPointer(rebasing: buffer[count..<(count + length)])
    }

    /// Appends one byte.
    @inline(__always)
    @inlinable package mutating func append(_ byte: UInt8) {
        reserve(1)[0] = byte
    }

    /// Appends bytes in one copy.
    @inline(__always)
    @inlinable package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        _ = reserve(bytes.count).initialize(fromContentsOf: bytes)
    }

    /// Appends a string's UTF-8 bytes in one copy, lent from the string's own storage.
    @inline(__always)
    @inlinable package mutating func append(utf8 text: String) {
        UTF16Encoding.withUTF8(of: text) { append($0) }
    }

    /// Appends a literal's bytes in one copy.
    @inline(__always)
    @inlinable package mutating func append(static text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the 36 characters of an id; see ``UUIDText``.
    @inline(__always)
    @inlinable package mutating func append(id: UUID) {
        UUIDText.write(id, into: reserve(36))
    }

    /// Appends a whole number in decimal; see ``DecimalText``.
    @inline(__always)
    @inlinable package mutating func append(decimal value: Int) {
        DecimalText.write(value, into: reserve(DecimalText.width(of: value)))
    }

    /// Appends a score; see ``DecimalText/append(score:to:)``.
    @inlinable package mutating func append(score: Double) {
        DecimalText.write(score: score, to: &self)
    }

    /// Appends a score as ``append(score:)`` does, with `separator` for its decimal point: a
    /// semicolon CSV for German or French spreadsheets writes `7,5`.
    @inlinable package mutating func append(score: Double, decimalSeparator separator: UInt8) {
        let start = count
        DecimalText.write(score: score, to: &self)
        guard separator != UInt8(ascii: ".") else { return }
        for index in start..<count where buffer[index] == UInt8(ascii: ".") { buffer[index] = separator }
    }

    /// Appends `count` spaces; none when `count` is not positive.
    @inlinable package mutating func append(spaces count: Int) {
        guard count > 0 else { return }
        reserve(count).update(repeating: 0x20)
    }

    /// Appends one row that `write` makes with a cursor to `output`, in one copy.
    ///
    /// - Parameters:
    ///   - output: The bytes to append to.
    ///   - maximumCount: The most bytes the row can take; writing more stops the program.
    ///   - write: Writes the row.
    @inlinable package static func appendRow(
        to output: inout [UInt8], maximumCount: Int, _ write: (inout ByteCursor) -> Void
    ) {
        output.appendRow(maximumCount: maximumCount, write)
    }

    /// The most bytes ``append(decimal:)`` writes.
    @usableFromInline package static let maximumDecimalCount = 20
    /// The most bytes ``append(score:)`` writes: scores are written in plain decimals, and the
    /// longest, `-2.2250738585072014e-308` written out, takes 327; with a margin.
    @usableFromInline package static let maximumScoreCount = 340
}

extension [UInt8] {
    /// Appends one row that `write` makes with a ``ByteCursor``, in one copy.
    ///
    /// - Parameters:
    ///   - maximumCount: The most bytes the row can take.
    ///   - write: Writes the row.
    @inline(__always)
    @inlinable package mutating func appendRow(maximumCount: Int, _ write: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { buffer in
            var cursor = ByteCursor(buffer)
            write(&cursor)
            append(contentsOf: cursor.written)
        }
    }
}
