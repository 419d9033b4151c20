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

    /// The sum of the weights of the categories that counted.
    public var weightsCounted: Fraction {
        categories.filter { $0.result != nil }.reduce(.zero) { $0 + ($1.weight ?? .zero) }
    }

    /// The assessments still blank that would count once marked.
    public var blanks: [Assessment] {
        categories.flatMap(\.lines).filter { $0.status == .blank }.map(\.assessment)
    }

    /// Every line of every category, in the order the assessments were added.
    public let lines: [MarkLine]

    /// A result of these categories; its ``lines`` follow `order`, the assessments' ids in the
    /// order they were added.
    init(categories: [CategoryResult], overall: Fraction?, letter: String?, isWeighted: Bool, order: [String])
    {
        (self.categories, self.overall, self.letter, self.isWeighted) = (
            categories, overall, letter, isWeighted
        )
        var byID: [String: MarkLine] = [:]
        for category in categories {
            for line in category.lines { byID[line.assessment.id] = line }
        }
        lines = order.compactMap { byID[$0] }
    }
}
