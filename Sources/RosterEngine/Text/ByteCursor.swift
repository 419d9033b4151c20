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

    /// Appends the bytes of `bytes` in `range` in one copy.
    @inline(__always)
    @inlinable package mutating func append(_ bytes: SharedBuffer<UInt8>, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
        append(UnsafeBufferPointer(rebasing: bytes.base[range]))
    }

    /// Appends the bytes of `bytes` in one copy.
    @inline(__always)
    @inlinable package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
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

    /// Appends the first `characters` characters of an id, as a short id shows it.
    @inlinable package mutating func append(id: UUID, characters: Int) {
        precondition(characters >= 0 && characters <= 36, "an id has 36 characters")
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            UUIDText.write(id, into: text)
            append(UnsafeBufferPointer(rebasing: text[..<characters]))
        }
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

/// Writes numbers as decimal text bytes without making a `String` of each.
///
/// Every listing and export writes an age, a grade and a score per student; for a large roster
/// the `String` that `String(age)` or `"\(score)"` makes for each one costs more than the digits.
/// The text is the same as those give: see ``append(score:to:)``.
@usableFromInline package enum DecimalText {
    /// Appends a whole number, such as an age, in decimal.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - output: The bytes to append to.
    @inlinable package static func append(_ value: Int, to output: inout [UInt8]) {
        output.appendRow(maximumCount: ByteCursor.maximumDecimalCount) { $0.append(decimal: value) }
    }

    /// Writes `value` over all of `text`, which is ``width(of:)`` bytes long.
    @inline(__always)
    @inlinable package static func write(_ value: Int, into text: UnsafeMutableBufferPointer<UInt8>) {
        var rest = value.magnitude
        var index = text.count - 1
        repeat {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        } while rest > 0
        if value < 0 { text[0] = UInt8(ascii: "-") }
    }

    /// Appends a score as ``shortest(_:)`` writes it: `90`, `88.5`.
    ///
    /// Scores with at most one decimal, the usual kind, are written digit by digit; any other
    /// number goes through ``shortest(_:)``. The tests compare the two on many
    /// random numbers.
    ///
    /// - Parameters:
    ///   - score: The score.
    ///   - output: The bytes to append to.
    @inlinable package static func append(score: Double, to output: inout [UInt8]) {
        output.appendRow(maximumCount: ByteCursor.maximumScoreCount) { $0.append(score: score) }
    }

    /// Writes a score as ``append(score:to:)`` does, at a cursor.
    @inlinable package static func write(score: Double, to output: inout ByteCursor) {
        guard let (isNegative, whole, decimal) = oneDecimal(score) else {
            output.append(utf8: shortest(score))
            return
        }
        if isNegative { output.append(UInt8(ascii: "-")) }
        output.append(decimal: whole)
        if decimal != 0 {
            output.append(UInt8(ascii: "."))
            output.append(UInt8(ascii: "0") + UInt8(decimal))
        }
    }

    /// The shortest text that reads back as the same number, without a needless `.0`: how a
    /// score is written in JSON and in CSV, for example `90` or `88.5`.
    @inlinable package static func shortest(_ score: Double) -> String {
        if score == score.rounded(), abs(score) < 1e15 { return String(Int(score)) }
        return plain(score)
    }

    /// The shortest text that reads back as `number`, in plain decimals: `0.00001`, never
    /// `1e-05`, which a person (and roster's own readers) would not read as a number.
    @inlinable package static func plain(_ number: Double) -> String {
        let text = String(number)
        guard number.isFinite, let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text
        }
        let exponent = Int(text[text.index(after: mark)...]) ?? 0
        var mantissa = Substring(text[..<mark])
        let sign = mantissa.first == "-" ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        }
        if point >= digits.count {
            return sign + digits + String(repeating: "0", count: point - digits.count)
        }
        var fraction = digits.dropFirst(point)
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return sign + digits.prefix(point) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// How many bytes ``append(score:to:)`` writes for `score`, without writing them.
    ///
    /// - Parameter score: The score.
    /// - Returns: The length of its text.
    @inlinable package static func width(ofScore score: Double) -> Int {
        guard let (isNegative, whole, decimal) = oneDecimal(score) else {
            return shortest(score).utf8.count
        }
        return (isNegative ? 1 : 0) + digitCount(UInt(whole)) + (decimal != 0 ? 2 : 0)
    }

    /// A score as its sign, whole part and one decimal digit, when that text reads back as it.
    @inlinable static func oneDecimal(_ score: Double) -> (isNegative: Bool, whole: Int, decimal: Int)? {
        let tenths = (score * 10).rounded()
        // `tenths / 10` is the double nearest to the one-decimal text, so when it equals the score
        // that text is the shortest that reads back as the score, which is what `String` prints.
        guard tenths.magnitude < 1e7, tenths / 10 == score else { return nil }
        return (score < 0, Int(tenths.magnitude) / 10, Int(tenths.magnitude) % 10)
    }

    /// How many bytes ``append(_:to:)`` writes for `value`.
    ///
    /// - Parameter value: The number.
    /// - Returns: Its digits, and one more for a minus sign.
    @inlinable package static func width(of value: Int) -> Int {
        digitCount(value.magnitude) + (value < 0 ? 1 : 0)
    }

    @inlinable static func digitCount(_ magnitude: UInt) -> Int {
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        return digits
    }
}
