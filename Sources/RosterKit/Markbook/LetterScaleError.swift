/// Why a scale cannot be read; each case carries the pair it is about.
public enum LetterScaleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pair that is not `letter:bound`.
    case notAPair(String)
    /// A bound that is not a number from 0 to 100 with at most two decimals.
    case badBound(String)
    /// A letter or a bound given twice.
    case repeated(String)
    /// No letter starts at 0, so some results would have none.
    case noLowestLetter

    /// The problem in words, naming what was typed.
    public var description: String {
        switch self {
        case .notAPair(let pair): "'\(pair)' is not a letter and its lowest result, such as B:80."
        case .badBound(let pair): "'\(pair)' has a bound that is not a number from 0 to 100."
        case .repeated(let pair): "'\(pair)' repeats a letter or a bound."
        case .noLowestLetter: "No letter starts at 0, so some results would have none."
        }
    }
}
