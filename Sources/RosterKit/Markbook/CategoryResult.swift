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
    public let result: Fraction?

    /// A category's result of these lines, with `points` counted of `maximum`.
    init(name: String?, weight: Fraction?, lines: [MarkLine], points: Fraction, maximum: Fraction) {
        (self.name, self.weight, self.lines, self.points, self.maximum) = (
            name, weight, lines, points, maximum
        )
        // Worked out once: the overall result, the table and the explanation each read it.
        result = maximum == .zero ? nil : points / maximum * .hundred
    }
}
