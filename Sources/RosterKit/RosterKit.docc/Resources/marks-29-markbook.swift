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

// A student's mark on one assessment, kept as the text a teacher types: "8.5", "EX", "MI". No
// mark at all (`nil` in the student's marks) is blank: not marked yet.
enum Mark: Codable, Hashable {
    case points(Fraction)
    // Excused: left out of both the points and the maximum.
    case excused
    // Missing: handed in never, so it counts 0 of the maximum.
    case missing

    init?(typed text: String) {
        switch text.uppercased() {
        case "EX": self = .excused
        case "MI": self = .missing
        default:
            guard let points = Fraction(decimal: text) else { return nil }
            self = .points(points)
        }
    }

    var text: String {
        switch self {
        case .points(let points): "\(points)"
        case .excused: "EX"
        case .missing: "MI"
        }
    }

    // The points it gives out of `outOf`; `nil` when it gives none and takes none away.
    func points(outOf: Fraction) -> Fraction? {
        switch self {
        case .points(let points): points
        case .excused: nil
        case .missing: .zero
        }
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let mark = Mark(typed: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a mark"))
        }
        self = mark
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

// A group of assessments that counts together: its weight in the overall result, and how many
// of its lowest marks are dropped.
struct MarkCategory: Codable, Hashable {
    var name: String
    var weight: Fraction?
    var dropLowest = 0
}

// The class's markbook, kept beside the roster: what is marked, and how it adds up.
struct Markbook: Codable, Hashable {
    var assessments: [Assessment] = []
    var categories: [MarkCategory] = []

    var isWeighted: Bool { categories.contains { $0.weight != nil } }
}

let book = Markbook(
    assessments: [
        Assessment(id: "t1", name: "Unit 1 test", outOf: Fraction(50), category: "Tests"),
        Assessment(id: "t2", name: "Unit 2 test", outOf: Fraction(50), category: "Tests"),
        Assessment(id: "h1", name: "Homework 1", outOf: Fraction(10), category: "Homework"),
        Assessment(id: "h2", name: "Homework 2", outOf: Fraction(10), category: "Homework"),
        Assessment(id: "h3", name: "Homework 3", outOf: Fraction(10), category: "Homework"),
    ],
    categories: [
        MarkCategory(name: "Tests", weight: Fraction(3)),
        MarkCategory(name: "Homework", weight: Fraction(1), dropLowest: 1),
    ])
let marks: [String: Mark] = [
    "t1": .points(Fraction(45)), "t2": .excused, "h1": .points(Fraction(8)),
    "h2": .points(Fraction(9)), "h3": .points(Fraction(2)),
]

let data = try PropertyListEncoder().encode(book)
print(try PropertyListDecoder().decode(Markbook.self, from: data) == book, book.isWeighted)
print(book.categories.map { "\($0.name) \($0.weight ?? .zero)" })

// Prints:
// true true
// ["Tests 3", "Homework 1"]
