import Foundation

// An exact number: a numerator over a positive denominator, in lowest terms. A mark of 8.5 out
// of 12 and a weight of 1/3 add up exactly, where `Double` rounds (0.1 + 0.2 is not 0.3).
// Marks and results are never below zero.
struct Fraction: Hashable, Comparable, Codable, CustomStringConvertible {
    let numerator: Int
    let denominator: Int

    static let zero = Fraction(0)
    static let hundred = Fraction(100)

    init(_ numerator: Int, over denominator: Int = 1) {
        precondition(denominator != 0, "a fraction's denominator is never 0")
        let divisor = Self.greatestCommonDivisor(abs(numerator), abs(denominator))
        let sign = denominator < 0 ? -1 : 1
        (self.numerator, self.denominator) = (sign * numerator / divisor, sign * denominator / divisor)
    }

    // A decimal as a teacher types it ("8", "8.5", "8.25"): ASCII digits and at most one point,
    // the rule ages follow too; `nil` for anything else ("+8", "8,5", "").
    init?(decimal text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, parts.allSatisfy(Self.isDigits), let whole = Int(parts[0]) else { return nil }
        let decimals = parts.count == 2 ? parts[1] : ""
        let scale = decimals.reduce(1) { scale, _ in scale * 10 }
        self.init(whole * scale + (Int(decimals) ?? 0), over: scale)
    }

    static func + (left: Fraction, right: Fraction) -> Fraction {
        Fraction(
            left.numerator * right.denominator + right.numerator * left.denominator,
            over: left.denominator * right.denominator)
    }

    static func * (left: Fraction, right: Fraction) -> Fraction {
        Fraction(left.numerator * right.numerator, over: left.denominator * right.denominator)
    }

    static func / (left: Fraction, right: Fraction) -> Fraction {
        Fraction(left.numerator * right.denominator, over: left.denominator * right.numerator)
    }

    static func < (left: Fraction, right: Fraction) -> Bool {
        left.numerator * right.denominator < right.numerator * left.denominator
    }

    // Rounded half up to two decimals, as a report shows it: 200/3 is "66.67", 90 is "90".
    var description: String {
        let hundredths = (numerator * 200 + denominator) / (2 * denominator)
        let (whole, part) = hundredths.quotientAndRemainder(dividingBy: 100)
        guard part != 0 else { return "\(whole)" }
        let digits = part < 10 ? "0\(part)" : "\(part)"
        return "\(whole)." + (digits.hasSuffix("0") ? String(digits.prefix(1)) : digits)
    }

    // Kept as text, as roster keeps it: "50", "17/2".
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: "/").map(String.init)
        if parts.count == 2, Self.isDigits(parts[0]), Self.isDigits(parts[1]),
            let numerator = Int(parts[0]), let denominator = Int(parts[1]), denominator > 0
        {
            self.init(numerator, over: denominator)
        } else if let value = Fraction(decimal: text) {
            self = value
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a number"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)")
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 9 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
        second == 0 ? max(first, 1) : greatestCommonDivisor(second, first % second)
    }
}

// One piece of marked work: a test, a homework. Marks point to it by `id`.
struct Assessment: Codable, Identifiable, Hashable {
    var id: String
    var name: String
    var outOf: Fraction
    var category: String?
}

let test = Assessment(
    id: "t1", name: "Unit 1 test", outOf: Fraction(decimal: "22.5") ?? .zero, category: "Tests")
let encoder = PropertyListEncoder()
encoder.outputFormat = .xml
let data = try encoder.encode(test)
print(String(decoding: data, as: UTF8.self).contains("<string>45/2</string>"))
print(try PropertyListDecoder().decode(Assessment.self, from: data) == test)

// Prints:
// true
// true
