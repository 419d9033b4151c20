/// Why a typed mark cannot be given; each case carries what was typed.
public enum MarkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not points, a percentage, `ex` or `missing`.
    case notAMark(String)
    /// The points are below zero.
    case belowZero(String)
    /// The points are more than the assessment's maximum.
    case overMaximum(String, outOf: Fraction)
    /// Points out of a maximum, such as `8/9`, whose maximum is not the assessment's.
    case otherMaximum(String, outOf: Fraction)
    /// A percentage over 100.
    case percentOverHundred(String)

    /// The problem in words, naming what was typed.
    public var description: String {
        switch self {
        case .notAMark(let text):
            "'\(text.prefix(40))' is not a mark: points (8 or 8.5), points out of the maximum (8/10), "
                + "a percentage (80%), ex, missing, or - to clear."
        case .belowZero(let text): "'\(text.prefix(40))' is below zero."
        case .overMaximum(let text, let outOf): "'\(text.prefix(40))' is over the maximum of \(outOf)."
        case .otherMaximum(let text, let outOf): "'\(text.prefix(40))' is not out of the maximum of \(outOf)."
        case .percentOverHundred(let text): "'\(text.prefix(40))' is over 100%."
        }
    }
}
