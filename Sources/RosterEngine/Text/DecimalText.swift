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
