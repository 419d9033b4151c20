/// Works out students' results from a ``Markbook`` and their marks, exactly.
///
/// The rules, which `roster grades --explain` shows line by line:
/// - *Excused* leaves the mark out of both the points and the maximum. *Missing* counts 0 of
///   the maximum. *Blank* (not marked yet) is left out; in a ``projected`` result it counts 0
///   once the assessment's date has passed.
/// - A category's result is its counted points over their maximums. A category that drops its
///   `n` lowest drops the `n` counted marks whose removal leaves its result highest (see
///   `DropLowest`), never its last counted mark.
/// - The overall result is Σ(weight × category result) / Σ(weight) over the weighted
///   categories with a counted mark, when some category has a weight; assessments in no
///   weighted category then do not count. Without weights, it is all counted points over all
///   counted maximums.
/// - The letter is the scale's for the overall result rounded to two decimals.
///
/// Points are added as whole millionths (every mark with two decimals, and every percentage of
/// a maximum with two decimals, is exact in them); results are ``Fraction``s.
public struct MarkbookCalculator: Sendable {
    /// The markbook results are worked out in.
    public let markbook: Markbook
    /// Whether a blank mark counts 0 once its assessment's date has passed.
    public var projected: Bool
    /// The only term whose assessments count, or `nil` for all.
    public var term: String?
    /// The day "passed" is counted from.
    public var today: SchoolDay

    /// A calculator for `markbook`.
    public init(markbook: Markbook, projected: Bool = false, term: String? = nil, today: SchoolDay = .today())
    {
        (self.markbook, self.projected, self.term, self.today) = (markbook, projected, term, today)
    }

    /// The assessments that count in this calculator's term, in the order they were added.
    public var assessments: [Assessment] {
        guard let term else { return markbook.assessments }
        let key = Markbook.key(term)
        return markbook.assessments.filter { $0.term.map(Markbook.key) == key }
    }

    /// The result of a student with `marks` (by assessment id).
    public func result(for marks: [String: Mark]) -> StudentResult {
        let weighted = markbook.isWeighted
        var groups: [(category: MarkCategory?, assessments: [Assessment])] = markbook.categories.map {
            ($0, [])
        }
        var loose: [Assessment] = []
        for assessment in assessments {
            let key = assessment.category.map(Markbook.key)
            if let index = groups.firstIndex(where: {
                $0.category.map { Markbook.key($0.name) } == key && key != nil
            }) {
                groups[index].assessments.append(assessment)
            } else {
                loose.append(assessment)
            }
        }
        groups.append((nil, loose))
        let categories = groups.filter { !$0.assessments.isEmpty }.map { group in
            let counts = !weighted || group.category?.weight != nil
            return categoryResult(group.category, group.assessments, marks: marks, counts: counts)
        }
        let overall = Self.overall(of: categories, weighted: weighted)
        return StudentResult(
            categories: categories, overall: overall,
            letter: overall.flatMap { overall in markbook.scale?.letter(for: overall) }, isWeighted: weighted)
    }

    /// The lowest percentage that, given on every assessment still blank, brings the overall
    /// result (rounded to two decimals) to `target`; `nil` when even full marks would not, or
    /// nothing is blank. The result never falls as a mark rises, so the percentage is found by
    /// halving, to two decimals.
    public func neededOnBlanks(for marks: [String: Mark], toReach target: Fraction) -> Fraction? {
        let blanks = result(for: marks).blanks
        guard !blanks.isEmpty else { return nil }
        func reaches(_ hundredths: Int) -> Bool {
            var filled = marks
            for blank in blanks { filled[blank.id] = .percent(Fraction(Int128(hundredths), over: 100)) }
            guard let overall = result(for: filled).overall else { return false }
            return overall.rounded(toDecimalPlaces: 2) >= target
        }
        guard reaches(10_000) else { return nil }
        var (low, high) = (0, 10_000)
        while low < high {
            let middle = (low + high) / 2
            if reaches(middle) { high = middle } else { low = middle + 1 }
        }
        return Fraction(Int128(low), over: 100)
    }

    private func categoryResult(
        _ category: MarkCategory?, _ assessments: [Assessment], marks: [String: Mark], counts: Bool
    ) -> CategoryResult {
        var statuses = assessments.map { status(of: $0, mark: marks[$0.id], counts: counts) }
        let counted = statuses.indices.filter { statuses[$0] == .counted || statuses[$0] == .projectedZero }
        let items = counted.map { index in
            DropLowest.Item(
                points: Self.millionths(
                    marks[assessments[index].id]?.points(outOf: assessments[index].outOf) ?? .zero),
                maximum: Self.millionths(assessments[index].outOf))
        }
        for dropped in DropLowest.choose(category?.dropLowest ?? 0, of: items) {
            statuses[counted[dropped]] = .dropped
        }
        var (points, maximum) = (Fraction.zero, Fraction.zero)
        let lines = assessments.indices.map { index in
            let assessment = assessments[index]
            let mark = marks[assessment.id]
            let given: Fraction? =
                switch statuses[index] {
                case .counted, .dropped: mark?.points(outOf: assessment.outOf)
                case .projectedZero: .zero
                case .excused, .blank, .outsideWeights: nil
                }
            if statuses[index] == .counted || statuses[index] == .projectedZero {
                points = points + (given ?? .zero)
                maximum = maximum + assessment.outOf
            }
            return MarkLine(assessment: assessment, mark: mark, status: statuses[index], points: given)
        }
        return CategoryResult(
            name: category?.name, weight: counts ? category?.weight : nil, lines: lines, points: points,
            maximum: maximum)
    }

    private func status(of assessment: Assessment, mark: Mark?, counts: Bool) -> MarkLine.Status {
        guard counts else { return .outsideWeights }
        switch mark {
        case .excused: return .excused
        case .none:
            if projected, let date = assessment.date, date < today { return .projectedZero }
            return .blank
        default: return .counted
        }
    }

    private static func overall(of categories: [CategoryResult], weighted: Bool) -> Fraction? {
        let counting = categories.filter { $0.result != nil && (!weighted || $0.weight != nil) }
        guard !counting.isEmpty else { return nil }
        guard weighted else {
            let points = counting.reduce(Fraction.zero) { $0 + $1.points }
            let maximum = counting.reduce(Fraction.zero) { $0 + $1.maximum }
            return points / maximum * .hundred
        }
        let weights = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) }
        guard weights > .zero else { return nil }
        let sum = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) * ($1.result ?? .zero) }
        return sum / weights
    }

    /// `value` in whole millionths, which every mark's points are.
    static func millionths(_ value: Fraction) -> Int64 {
        let scaled = value * Fraction(1_000_000)
        return Int64(clamping: scaled.numerator / scaled.denominator)
    }
}
