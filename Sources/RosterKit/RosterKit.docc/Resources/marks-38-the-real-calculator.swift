/// Works out students' results from a ``Markbook`` and their marks, exactly.
///
/// The rules, which `roster grades --explain` shows line by line:
/// - *Excused* leaves the mark out of both the points and the maximum. *Missing* counts 0 of
///   the maximum. *Blank* (not marked yet) is left out; in a ``projected`` result it counts 0
///   once the assessment's date has passed, unless it was due before the student joined.
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
    public let projected: Bool
    /// The only term whose assessments count, or `nil` for all.
    public let term: String?
    /// The day "passed" is counted from.
    public let today: SchoolDay
    /// The assessments that count in this calculator's term, in the order they were added.
    public let assessments: [Assessment]
    /// The assessments grouped by category, worked out once for every student: each markbook
    /// category with its assessments, then those in no category; with each maximum in millionths.
    private let groups: [Group]
    /// Where each of ``assessments`` is among the groups' assessments taken in turn.
    private let order: [Int]
    /// The ids of the groups' assessments taken in turn, and where each is among them.
    private let groupedIDs: [String]
    private let groupedPositions: [String: Int]

    private struct Group: Sendable {
        let category: MarkCategory?
        let assessments: [Assessment]
        let maximums: [Int64]
        /// Whether its marks count: always without weights, only with a weight when weights are set.
        let counts: Bool
    }

    /// A calculator for `markbook`.
    public init(markbook: Markbook, projected: Bool = false, term: String? = nil, today: SchoolDay = .today())
    {
        (self.markbook, self.projected, self.term, self.today) = (markbook, projected, term, today)
        let termKey = term.map(Markbook.key)
        let assessments =
            termKey.map { key in markbook.assessments.filter { $0.term.map(Markbook.key) == key } }
            ?? markbook.assessments
        self.assessments = assessments
        var grouped: [[Assessment]] = markbook.categories.map { _ in [] }
        var loose: [Assessment] = []
        let keys = markbook.categories.map { Markbook.key($0.name) }
        for assessment in assessments {
            if let key = assessment.category.map(Markbook.key), let index = keys.firstIndex(of: key) {
                grouped[index].append(assessment)
            } else {
                loose.append(assessment)
            }
        }
        let weighted = markbook.isWeighted
        groups = (zip(markbook.categories.map(Optional.some), grouped) + [(nil, loose)])
            .filter { !$0.1.isEmpty }
            .map { category, members in
                Group(
                    category: category, assessments: members,
                    maximums: members.map { Self.millionths($0.outOf) },
                    counts: !weighted || category?.weight != nil)
            }
        groupedIDs = groups.flatMap { $0.assessments.map(\.id) }
        groupedPositions = Dictionary(uniqueKeysWithValues: groupedIDs.enumerated().map { ($1, $0) })
        order = assessments.compactMap { [groupedPositions] in groupedPositions[$0.id] }
    }

    /// The result of a student with `marks` (by assessment id).
    public func result(for marks: [String: Mark]) -> StudentResult {
        result(inGroupOrder: groupedIDs.map { marks[$0] })
    }

    /// The result of `student`, from their ``Student/marks``.
    ///
    /// The same as `result(for: student.marks)`, read straight from the student's record: a class
    /// of thousands is worked out without a dictionary of marks made for each student.
    public func result(for student: Student) -> StudentResult {
        var marks = [Mark?](repeating: nil, count: groupedIDs.count)
        for entry in student.markEntries ?? [] {
            guard let position = groupedPositions[entry.key], case .string(let text) = entry.value else {
                continue
            }
            marks[position] = Mark(stored: text)
        }
        return result(inGroupOrder: marks, joined: student.joined)
    }

    /// The result of a student whose marks are given for the groups' assessments taken in turn,
    /// who joined the class on `joined`, if known.
    private func result(inGroupOrder marks: [Mark?], joined: SchoolDay? = nil) -> StudentResult {
        var start = 0
        let categories = groups.map { group in
            defer { start += group.assessments.count }
            return categoryResult(
                group, marks: marks[start..<start + group.assessments.count], joined: joined)
        }
        let overall = Self.overall(of: categories, weighted: markbook.isWeighted)
        return StudentResult(
            categories: categories, overall: overall,
            letter: overall.flatMap { overall in markbook.scale?.letter(for: overall) },
            isWeighted: markbook.isWeighted, order: order)
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

    private func categoryResult(_ group: Group, marks: ArraySlice<Mark?>, joined: SchoolDay?)
        -> CategoryResult
    {
        // One pass over the assessments, each mark looked up once: a class's grades look up millions.
        let drops = group.category?.dropLowest ?? 0
        var lines: [MarkLine] = []
        lines.reserveCapacity(group.assessments.count)
        var (counted, items) = ([Int](), [DropLowest.Item]())
        // Points are added in whole millionths, which every mark is, and made a fraction once.
        var (points, maximum): (Int64, Int64) = (0, 0)
        for (index, assessment) in group.assessments.enumerated() {
            let mark = marks[marks.startIndex + index]
            let status = status(of: assessment, mark: mark, counts: group.counts, joined: joined)
            let gives: Fraction? =
                switch status {
                case .counted: mark?.points(outOf: assessment.outOf)
                case .projectedZero: .zero
                case .dropped, .excused, .blank, .outsideWeights: nil
                }
            lines.append(MarkLine(assessment: assessment, mark: mark, status: status, points: gives))
            guard let gives else { continue }
            let item = DropLowest.Item(points: Self.millionths(gives), maximum: group.maximums[index])
            points += item.points
            maximum += item.maximum
            if drops > 0 {
                counted.append(index)
                items.append(item)
            }
        }
        for position in DropLowest.choose(drops, of: items) {
            let line = lines[counted[position]]
            lines[counted[position]] = MarkLine(
                assessment: line.assessment, mark: line.mark, status: .dropped, points: line.points)
            points -= items[position].points
            maximum -= items[position].maximum
        }
        return CategoryResult(
            name: group.category?.name, weight: group.counts ? group.category?.weight : nil, lines: lines,
            points: Fraction(Int128(points), over: 1_000_000),
            maximum: Fraction(Int128(maximum), over: 1_000_000))
    }

    private func status(of assessment: Assessment, mark: Mark?, counts: Bool, joined: SchoolDay?)
        -> MarkLine.Status
    {
        guard counts else { return .outsideWeights }
        switch mark {
        case .excused: return .excused
        case .none:
            // Work due before a student joined was never theirs to do.
            if projected, let date = assessment.date, date < today, joined.map({ date >= $0 }) ?? true {
                return .projectedZero
            }
            return .blank
        default: return .counted
        }
    }

    private static func overall(of categories: [CategoryResult], weighted: Bool) -> Fraction? {
        let counting = StudentResult.counting(categories, weighted: weighted)
        guard !counting.isEmpty else { return nil }
        guard weighted else {
            let points = counting.reduce(Fraction.zero) { $0 + $1.points }
            let maximum = counting.reduce(Fraction.zero) { $0 + $1.maximum }
            return maximum > .zero ? points / maximum * .hundred : nil
        }
        let weights = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) }
        guard weights > .zero else { return nil }
        let sum = counting.reduce(Fraction.zero) { $0 + ($1.weight ?? .zero) * ($1.result ?? .zero) }
        return sum / weights
    }

    /// `value` in whole millionths, which every mark's points are.
    static func millionths(_ value: Fraction) -> Int64 {
        // Marks and maximums are bounded as they are read, so this never overflows; were it to,
        // the number is kept at the end of the range rather than trap.
        let (scaled, overflow) = value.numerator.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return value.numerator < 0 ? .min : .max }
        return Int64(clamping: scaled / value.denominator)
    }
}
