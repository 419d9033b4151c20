/// A student's result in one category: its marks, and their points over their maximums.
public struct CategoryResult: Sendable, Hashable {
    /// The category's name; `nil` for the assessments in no category.
    public let name: String?
    /// Its weight, or `nil` when it has none.
    public let weight: Fraction?
    /// Each of its assessments, in the order they were added.
    public let lines: [MarkLine]
    /// The points of its counted marks.
    public let points: Fraction
    /// The maximums of its counted marks.
    public let maximum: Fraction

    /// The result as a percentage, `points / maximum × 100`, or `nil` when no mark counted.
    public var result: Fraction? {
        maximum == .zero ? nil : points / maximum * .hundred
    }
}
