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

    /// Every line of every category, in the order they were added.
    public var lines: [MarkLine] {
        categories.flatMap(\.lines).sorted {
            $0.assessment.id.count != $1.assessment.id.count
                ? $0.assessment.id.count < $1.assessment.id.count : $0.assessment.id < $1.assessment.id
        }
    }
}
