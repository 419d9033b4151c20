/// A student's result in the markbook, with every step of its arithmetic kept to explain it.
public struct StudentResult: Sendable, Hashable {
    /// Each category's result, in the markbook's order, the uncategorised assessments last.
    public let categories: [CategoryResult]
    /// The overall result as a percentage, or `nil` when no mark counted.
    public let overall: Fraction?
    /// The letter of the overall result, or `nil` without a scale or a result.
    public let letter: String?
    /// Whether the overall result is weighted by the categories' weights; otherwise it is all
    /// counted points over all counted maximums.
    public let isWeighted: Bool

    /// The categories the overall result is made of: those with a counted mark, and, when
    /// weights are set, a weight.
    public var counting: [CategoryResult] { Self.counting(categories, weighted: isWeighted) }

    /// The sum of the weights of the categories that counted.
    public var weightsCounted: Fraction {
        counting.reduce(.zero) { $0 + ($1.weight ?? .zero) }
    }

    /// The one rule for which categories make the overall result (see ``counting``).
    static func counting(_ categories: [CategoryResult], weighted: Bool) -> [CategoryResult] {
        categories.filter { $0.result != nil && (!weighted || $0.weight != nil) }
    }

    /// The assessments still blank that would count once marked.
    public var blanks: [Assessment] {
        categories.flatMap(\.lines).filter { $0.status == .blank }.map(\.assessment)
    }

    /// Where each assessment, in the order they were added, is among the categories' lines
    /// taken one category after another.
    private let order: [Int]

    /// Every line of every category, in the order the assessments were added.
    public var lines: [MarkLine] {
        let flat = categories.flatMap(\.lines)
        return order.map { flat[$0] }
    }

    /// The line of the assessment at `position` in the order they were added: one of ``lines``,
    /// found without making them all.
    public func line(at position: Int) -> MarkLine {
        var index = order[position]
        for category in categories {
            if index < category.lines.count { return category.lines[index] }
            index -= category.lines.count
        }
        preconditionFailure("a result has a line for every assessment of its calculator")
    }

    /// A result of these categories, whose lines taken in turn are the assessments in the order
    /// `order` gives (see ``lines``).
    init(categories: [CategoryResult], overall: Fraction?, letter: String?, isWeighted: Bool, order: [Int]) {
        (self.categories, self.overall, self.letter, self.isWeighted) = (
            categories, overall, letter, isWeighted
        )
        self.order = order
    }
}
