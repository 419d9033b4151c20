/// One assessment in a student's result: the mark, and how it counted.
public struct MarkLine: Sendable, Hashable {
    /// How a mark counted in a result.
    public enum Status: Sendable, Hashable {
        /// Counted: its points over its maximum.
        case counted
        /// Dropped by the category's `drop lowest`: it would have lowered the result.
        case dropped
        /// Excused: left out of the points and the maximum.
        case excused
        /// Blank, not marked yet: left out of the current result.
        case blank
        /// Blank after its date, counted as 0 in a projected result.
        case projectedZero
        /// In no weighted category while weights are set: not counted.
        case outsideWeights
    }

    /// The assessment.
    public let assessment: Assessment
    /// The mark, or `nil` when blank.
    public let mark: Mark?
    /// How it counted.
    public let status: Status
    /// The points it gave, or `nil` when it gave none (excused, blank, outside the weights).
    public let points: Fraction?

    /// Whether it is part of its category's points and maximum.
    public var counts: Bool { status == .counted || status == .projectedZero }
}
