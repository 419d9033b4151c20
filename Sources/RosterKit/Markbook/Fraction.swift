/// An exact number: a whole numerator over a positive whole denominator, always in lowest terms.
///
/// The markbook adds points and divides them by maximums. In binary floating point, 54.5 can
/// come out as 54.4999…, and a student would drop a letter for it; a ``Fraction`` keeps every
/// sum and quotient exact, so that a result is rounded once, at the end, to two decimals
/// (see ``rounded(toDecimalPlaces:)``).
///
/// Numerator and denominator are 128-bit. A sum or product whose exact terms would not fit
/// (which takes denominators no class's marks make) is kept as the nearest double instead,
/// still far finer than the two decimals a result is shown with.
public struct Fraction: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The numerator, with the number's sign.
    public let numerator: Int128
    /// The denominator, always greater than zero.
    public let denominator: Int128

    /// Zero.
    public static let zero = Fraction(0)
    /// One hundred, for percentages.
    public static let hundred = Fraction(100)

    /// The whole number `value`.
    public init(_ value: Int) {
        (numerator, denominator) = (Int128(value), 1)
    }

    /// `numerator` over `denominator`, reduced to lowest terms.
    ///
    /// - Precondition: `denominator` is not zero.
    public init(_ numerator: Int128, over denominator: Int128) {
        precondition(denominator != 0, "a fraction's denominator is never zero")
        let divisor = Self.greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
        let sign: Int128 = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int128(divisor)
        self.denominator = sign * denominator / Int128(divisor)
    }

    /// The number a decimal text such as `8.5` or `8,5` writes, or `nil` when it is not one.
    ///
    /// - Parameters:
    ///   - text: Digits with at most one decimal point or comma and no sign.
    ///   - places: The most digits allowed after the point.
    public init?(decimal text: some StringProtocol, places: Int = 2) {
        // Read byte by byte, without splitting: a markbook reads millions of these.
        var (units, scale, digits, fractionDigits) = (Int128(0), Int128(1), 0, -1)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 24 else { return nil }
                units = units * 10 + Int128(byte - UInt8(ascii: "0"))
                digits += 1
                if fractionDigits >= 0 {
                    fractionDigits += 1
                    scale *= 10
                }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard fractionDigits < 0 else { return nil }
                fractionDigits = 0
            default: return nil
            }
        }
        guard digits > 0, fractionDigits != 0, fractionDigits <= places, digits - max(0, fractionDigits) <= 12
        else { return nil }
        self.init(units, over: scale)
    }

    /// The exact sum.
    public static func + (left: Fraction, right: Fraction) -> Fraction {
        let divisor = Int128(greatestCommonDivisor(left.denominator.magnitude, right.denominator.magnitude))
        let (leftScale, rightScale) = (right.denominator / divisor, left.denominator / divisor)
        let (first, o1) = left.numerator.multipliedReportingOverflow(by: leftScale)
        let (second, o2) = right.numerator.multipliedReportingOverflow(by: rightScale)
        let (sum, o3) = first.addingReportingOverflow(second)
        let (denominator, o4) = left.denominator.multipliedReportingOverflow(by: leftScale)
        guard !(o1 || o2 || o3 || o4) else { return nearest(left.doubleValue + right.doubleValue) }
        return Fraction(sum, over: denominator)
    }

    /// The exact difference.
    public static func - (left: Fraction, right: Fraction) -> Fraction {
        left + Fraction(-right.numerator, over: right.denominator)
    }

    /// The exact product.
    public static func * (left: Fraction, right: Fraction) -> Fraction {
        // Cross-reducing first keeps the products as small as they can be.
        let first = Int128(greatestCommonDivisor(left.numerator.magnitude, right.denominator.magnitude))
        let second = Int128(greatestCommonDivisor(right.numerator.magnitude, left.denominator.magnitude))
        let (numerator, o1) = (left.numerator / max(first, 1)).multipliedReportingOverflow(
            by: right.numerator / max(second, 1))
        let (denominator, o2) = (left.denominator / max(second, 1)).multipliedReportingOverflow(
            by: right.denominator / max(first, 1))
        guard !(o1 || o2) else { return nearest(left.doubleValue * right.doubleValue) }
        return Fraction(numerator, over: denominator)
    }

    /// `left` divided by `right`.
    ///
    /// - Precondition: `right` is not zero.
    public static func / (left: Fraction, right: Fraction) -> Fraction {
        precondition(right.numerator != 0, "a fraction is never divided by zero")
        return left * Fraction(right.denominator, over: right.numerator)
    }

    /// Whether `left` is less than `right`, exactly.
    public static func < (left: Fraction, right: Fraction) -> Bool {
        (left - right).numerator < 0
    }

    /// The number rounded half up (away from zero) to `places` decimals, as a fraction.
    public func rounded(toDecimalPlaces places: Int) -> Fraction {
        let (units, scale) = roundedUnits(places: places)
        return Fraction(units, over: Int128(scale))
    }

    /// The number rounded half up (away from zero) to `places` decimals, in units of
    /// 10^-`places`, with that scale: one division, where a grades table rounds millions.
    private func roundedUnits(places: Int) -> (units: Int128, scale: UInt128) {
        var scale: UInt128 = 1
        for _ in 0..<places { scale *= 10 }
        let (scaled, overflow) = numerator.magnitude.multipliedReportingOverflow(by: scale)
        guard !overflow else {
            // Only a number far beyond any mark comes here: it is rounded as a double.
            let units = (doubleValue * Double(scale)).rounded(.toNearestOrAwayFromZero)
            return (Int128(exactly: units) ?? 0, scale)
        }
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: denominator.magnitude)
        let magnitude = Int128(quotient) + (remainder * 2 >= denominator.magnitude ? 1 : 0)
        return (numerator < 0 ? -magnitude : magnitude, scale)
    }

    /// The number in decimals, rounded half up to `places`, without trailing zeros unless
    /// `keepsZeros`: `8.5`, `87.50`, `12`.
    public func decimalText(places: Int = 2, keepsZeros: Bool = false) -> String {
        let (units, scale) = roundedUnits(places: places)
        var (whole, part) = units.magnitude.quotientAndRemainder(dividingBy: scale)
        var digits = places
        if !keepsZeros {
            while digits > 0 && part % 10 == 0 {
                part /= 10
                digits -= 1
            }
        }
        var text = units < 0 ? "-" : ""
        text += whole <= UInt128(UInt64.max) ? String(UInt64(whole)) : String(whole)
        guard digits > 0 else { return text }
        let fraction = String(UInt64(part))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        return text
    }

    /// The number to two decimals, without trailing zeros.
    public var description: String { decimalText() }

    /// The number as the nearest double, for a chart or a sort.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// Reads a fraction kept as text: a decimal (`8.5`) or a quotient (`17/3`).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: "/")
        // A quotient's terms are bounded far inside 128 bits, so that no arithmetic on it traps.
        let bound: Int128 = 1_000_000_000_000_000_000_000_000_000_000
        if parts.count == 2, let numerator = Int128(parts[0]), let denominator = Int128(parts[1]),
            denominator > 0, numerator.magnitude <= bound.magnitude, denominator <= bound
        {
            self.init(numerator, over: denominator)
        } else if let value = Fraction(decimal: text, places: 6) {
            self = value
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "'\(text.prefix(40))' is not a number"))
        }
    }

    /// Keeps the fraction as text: a decimal when it has at most six decimals, else a quotient.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let decimal = decimalText(places: 6)
        try container.encode(
            Fraction(decimal: decimal, places: 6) == self ? decimal : "\(numerator)/\(denominator)")
    }

    /// The fraction nearest `value` with a denominator of 10¹⁵: where a result goes when its
    /// exact terms would not fit in 128 bits.
    private static func nearest(_ value: Double) -> Fraction {
        let scale = 1e15
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e36 else { return Fraction(0) }
        return Fraction(Int128(scaled), over: Int128(scale))
    }

    /// Stein's binary method: shifts and subtractions only, which are quick on 128 bits where
    /// division is not.
    private static func greatestCommonDivisor(_ first: UInt128, _ second: UInt128) -> UInt128 {
        if first == 0 || second == 0 { return max(first | second, 1) }
        if first | second <= UInt128(UInt64.max) {
            var (a, b) = (UInt64(first), UInt64(second))
            while b != 0 { (a, b) = (b, a % b) }
            return UInt128(a)
        }
        var (a, b) = (first, second)
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }
}
