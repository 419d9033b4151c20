import Foundation
import Observation

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

// An assessment's line in a result: the mark, and whether it counts.
struct MarkLine: Hashable {
    enum Status: Hashable {
        case counted, excused, blank, dropped
    }

    let assessment: Assessment
    let mark: Mark?
    var status: Status

    var points: Fraction? { mark?.points(outOf: assessment.outOf) }
}

// A category's lines and, worked out from them whenever it is asked, its result. Nothing is
// stored that could disagree with the marks.
struct CategoryResult {
    let name: String?
    let weight: Fraction?
    var lines: [MarkLine]

    var counted: [MarkLine] { lines.filter { $0.status == .counted } }
    var points: Fraction { counted.reduce(.zero) { $0 + ($1.points ?? .zero) } }
    var maximum: Fraction { counted.reduce(.zero) { $0 + $1.assessment.outOf } }
    // A percentage, or `nil` while nothing in the category counts.
    var result: Fraction? { maximum == .zero ? nil : points / maximum * .hundred }

    // Drops `count` counted marks, never the last: each time the one whose removal leaves the
    // result highest. That is not always the lowest percentage: of 2/10, 30/100 and 90/100,
    // dropping 30/100 leaves 92/110 (83.64%), dropping 2/10 only 120/200 (60%).
    mutating func dropLowest(_ count: Int) {
        for _ in 0..<count {
            let candidates = lines.indices.filter { lines[$0].status == .counted }
            guard candidates.count > 1 else { return }
            var best: (index: Int, result: Fraction)?
            for index in candidates {
                var trial = self
                trial.lines[index].status = .dropped
                if let result = trial.result, best.map({ $0.result < result }) ?? true {
                    best = (index, result)
                }
            }
            if let best { lines[best.index].status = .dropped }
        }
    }
}

// A student's result: each category's, and the overall one worked out from them.
struct StudentResult {
    let categories: [CategoryResult]
    let isWeighted: Bool

    // The categories that count: those with a result, and with a weight when weights are set.
    var counting: [CategoryResult] {
        categories.filter { $0.result != nil && (!isWeighted || $0.weight != nil) }
    }

    // With weights, Σ(weight × result) / Σ(weight), so that a category not marked yet leaves the
    // others' weights as they were meant; without, all counted points over all counted maximums.
    var overall: Fraction? {
        guard !counting.isEmpty else { return nil }
        guard isWeighted else {
            let points = counting.reduce(Fraction.zero) { $0 + $1.points }
            return points / counting.reduce(Fraction.zero) { $0 + $1.maximum } * .hundred
        }
        let weights = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) }
        let sum = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) * ($1.result ?? .zero) }
        return weights == .zero ? nil : sum / weights
    }
}

extension StudentResult {
    // The working, line by line: a result a student or a parent can check by hand.
    var explanation: [String] {
        var text: [String] = []
        for category in categories {
            let weight = category.weight.map { ", weight \($0)" } ?? ""
            let result = category.result.map { " = \($0)%" } ?? ""
            text.append(
                "\(category.name ?? "No category")\(weight): \(category.points) of \(category.maximum)\(result)"
            )
            text += category.lines.map { "  \($0.assessment.name): \($0.described)" }
        }
        guard let overall else { return text + ["Overall: nothing marked yet"] }
        let working =
            isWeighted
            ? "(" + counting.map { "\($0.weight ?? .zero) × \($0.result ?? .zero)" }.joined(separator: " + ")
                + ") / \(counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) })"
            : "\(counting.reduce(Fraction.zero) { $0 + $1.points }) of \(counting.reduce(Fraction.zero) { $0 + $1.maximum })"
        return text + ["Overall: \(working) = \(overall)%"]
    }
}

extension MarkLine {
    var described: String {
        switch status {
        case .counted: "\(points ?? .zero) of \(assessment.outOf)"
        case .dropped: "\(points ?? .zero) of \(assessment.outOf), dropped"
        case .excused: "excused"
        case .blank: "not marked yet"
        }
    }
}

extension Markbook {
    // A student's result, from their marks by assessment id.
    func result(for marks: [String: Mark]) -> StudentResult {
        StudentResult(categories: categoryResults(for: marks), isWeighted: isWeighted)
    }

    // Each category with its assessments, then the assessments in no category.
    func categoryResults(for marks: [String: Mark]) -> [CategoryResult] {
        let names = Set(categories.map(\.name))
        var results = categories.map { category in
            var result = CategoryResult(
                name: category.name, weight: category.weight,
                lines: lines(for: assessments.filter { $0.category == category.name }, marks))
            result.dropLowest(category.dropLowest)
            return result
        }
        let loose = assessments.filter { !names.contains($0.category ?? "") }
        results.append(CategoryResult(name: nil, weight: nil, lines: lines(for: loose, marks)))
        return results.filter { !$0.lines.isEmpty }
    }

    private func lines(for assessments: [Assessment], _ marks: [String: Mark]) -> [MarkLine] {
        assessments.map {
            MarkLine(assessment: $0, mark: marks[$0.id], status: Self.status(of: marks[$0.id]))
        }
    }

    private static func status(of mark: Mark?) -> MarkLine.Status {
        switch mark {
        case .none: .blank
        case .excused: .excused
        case .points, .missing: .counted
        }
    }
}

// A student as the markbook tab keeps them: the app's student with their marks by assessment id.
// Kept in the app's `Student` as one more key, `marks`, which its old decoder ignores.
struct MarkedStudent: Codable, Identifiable {
    var id = UUID()
    var name: String
    var marks: [String: Mark] = [:]
}

// What a markbook tab shows, as `RosterViewModel` is what the class list shows: one row for each
// student, worked out from the marks whenever the tab asks, and an intent that changes a mark.
// A SwiftUI `List(tab.rows)` redraws when a mark changes, since `rows` reads `students`.
@MainActor
@Observable
final class MarkbookViewModel {
    struct Row: Identifiable {
        let id: UUID
        let name: String
        let result: String
    }

    let markbook: Markbook
    private(set) var students: [MarkedStudent]

    init(markbook: Markbook, students: [MarkedStudent]) {
        (self.markbook, self.students) = (markbook, students)
    }

    var rows: [Row] {
        students.map { student in
            let overall = markbook.result(for: student.marks).overall
            return Row(id: student.id, name: student.name, result: overall.map { "\($0)%" } ?? "-")
        }
    }

    // Sets, or with `nil` clears, one student's mark on one assessment.
    func setMark(_ mark: Mark?, for name: String, on assessment: String) {
        guard let index = students.firstIndex(where: { $0.name == name }) else { return }
        students[index].marks[assessment] = mark
    }
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

let tab = MarkbookViewModel(
    markbook: book, students: [MarkedStudent(name: "Ada", marks: marks), MarkedStudent(name: "Grace")])
print(tab.rows.map { "\($0.name) \($0.result)" })
tab.setMark(.points(Fraction(40)), for: "Grace", on: "t1")
print(tab.rows.map { "\($0.name) \($0.result)" })
// Saved as the app saves its students: a property list.
let saved = try PropertyListEncoder().encode(tab.students)
print(try PropertyListDecoder().decode([MarkedStudent].self, from: saved).map { $0.marks.count })

// Prints:
// ["Ada 88.75%", "Grace -"]
// ["Ada 88.75%", "Grace 80%"]
// [5, 1]
