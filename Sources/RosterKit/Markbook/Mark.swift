import RosterEngine

/// One student's mark on one assessment, as the teacher gave it.
///
/// A mark is kept as it was typed: points stay points and a percentage stays a percentage, so
/// that changing an assessment's maximum later never changes what a teacher meant. A mark that
/// is not there at all is *blank* (not marked yet): ``Student/marks`` simply has no entry.
///
/// How each kind counts (see ``MarkbookCalculator``):
/// - ``points(_:)`` and ``percent(_:)`` count as given;
/// - ``excused`` is left out of both the points and the maximum;
/// - ``missing`` counts 0 of the maximum.
public enum Mark: Sendable, Hashable {
    /// Points out of the assessment's maximum, such as 8.5.
    case points(Fraction)
    /// A percentage of the assessment's maximum, such as 80.
    case percent(Fraction)
    /// Excused: the assessment does not count for this student.
    case excused
    /// Missing: the work was due and not handed in; it counts 0.
    case missing

    /// The most decimals a typed mark may have.
    public static let decimalPlaces = 2

    /// Reads a mark as a teacher types it, checked against the assessment's maximum.
    ///
    /// `8`, `8.5` and `8,5` are points; `8/10` is points out of the maximum, which must be the
    /// assessment's; `80%` is a percentage; `ex` or `excused`, and `missing`, are the two other
    /// kinds (`EX` and `MI`, as gradebooks export them, too).
    ///
    /// - Parameters:
    ///   - text: What was typed.
    ///   - outOf: The assessment's maximum.
    ///   - extraCredit: Whether points above the maximum are kept (up to the largest maximum an
    ///     assessment may have), as a gradebook's file gives extra credit (12 of 10), counted whole
    ///     in every result.
    /// - Throws: ``MarkError`` when `text` is not a mark, or is not one on this assessment.
    public init(typed text: String, outOf: Fraction, extraCredit: Bool = false) throws(MarkError) {
        // Most marks come as they are kept (`8`, `8.5`, `80%`, `EX`), and a file brings millions:
        // those are read without trimming or splitting.
        let most = Self.most(outOf: outOf, extraCredit: extraCredit)
        if let mark = Mark(stored: text), mark.points(outOf: outOf).map({ $0 <= most }) ?? true {
            self = mark
            return
        }
        let trimmed = String(text.trimmingWhitespace())
        switch trimmed.lowercased() {
        case "ex", "excused": self = .excused
        case "mi", "missing": self = .missing
        default: self = try Self.number(trimmed, outOf: outOf, extraCredit: extraCredit)
        }
    }

    /// The most points a typed mark may give: the maximum, or with extra credit the largest
    /// maximum an assessment may have.
    private static func most(outOf: Fraction, extraCredit: Bool) -> Fraction {
        extraCredit ? ClassroomIntents.largestMaximum : outOf
    }

    private static func number(_ text: String, outOf: Fraction, extraCredit: Bool) throws(MarkError) -> Mark {
        if text.hasSuffix("%") {
            guard let percent = Fraction(decimal: text.dropLast(), places: decimalPlaces) else {
                throw .notAMark(text)
            }
            guard percent <= .hundred else { throw .percentOverHundred(text) }
            return .percent(percent)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let points = Fraction(decimal: parts[0], places: decimalPlaces) else {
            throw text.hasPrefix("-") ? .belowZero(text) : .notAMark(text)
        }
        if parts.count == 2 {
            guard let maximum = Fraction(decimal: parts[1], places: decimalPlaces) else {
                throw .notAMark(text)
            }
            guard maximum == outOf else { throw .otherMaximum(text, outOf: outOf) }
        }
        guard points <= most(outOf: outOf, extraCredit: extraCredit) else {
            throw .overMaximum(text, outOf: outOf)
        }
        return .points(points)
    }

    /// The points this mark gives on an assessment out of `outOf`; `nil` when it is excused.
    public func points(outOf: Fraction) -> Fraction? {
        switch self {
        case .points(let points): points
        case .percent(let percent): percent * outOf / .hundred
        case .excused: nil
        case .missing: .zero
        }
    }

    /// The mark as it is shown and stored: `8.5`, `80%`, `EX` or `MI`.
    public var text: String {
        switch self {
        case .points(let points): points.decimalText(places: Self.decimalPlaces)
        case .percent(let percent): percent.decimalText(places: Self.decimalPlaces) + "%"
        case .excused: "EX"
        case .missing: "MI"
        }
    }

    /// The most points a stored mark may give: ten times the largest maximum, room for extra
    /// credit, and small enough that a class's sums never overflow.
    static let largestPoints = Fraction(1_000_000)

    /// Reads a mark as it is stored (``text``); `nil` when it is not one.
    init?(stored text: String) {
        switch text {
        case "EX": self = .excused
        case "MI": self = .missing
        default:
            if text.hasSuffix("%") {
                guard let percent = Fraction(decimal: text.dropLast(), places: Self.decimalPlaces),
                    percent <= .hundred
                else { return nil }
                self = .percent(percent)
            } else {
                // Compared as whole numbers, with no fraction arithmetic: a class's grades read millions.
                guard let points = Fraction(decimal: text, places: Self.decimalPlaces),
                    points.numerator <= Self.largestPoints.numerator * points.denominator
                else { return nil }
                self = .points(points)
            }
        }
    }
}
