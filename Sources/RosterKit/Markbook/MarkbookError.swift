/// Why a change of the markbook cannot be made; each case carries the names it is about.
public enum MarkbookError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No assessment is called that; the closest names, if any.
    case unknownAssessment(String, closest: [String])
    /// Several assessments match what was typed.
    case ambiguousAssessment(String, matches: [String])
    /// An assessment has that name already.
    case nameTaken(String)
    /// No category is called that.
    case unknownCategory(String)
    /// A name for an assessment or a category that breaks the rule for names.
    case badName(String, problem: String)
    /// A maximum that is not a number above 0 with at most two decimals.
    case badMaximum(String)
    /// A weight that is not a number from 0 to 1000 with at most two decimals.
    case badWeight(String)
    /// The assessment has marks that a new maximum would leave over it.
    case marksOverMaximum(String, count: Int)

    /// The problem in words, naming what was typed.
    public var description: String {
        switch self {
        case .unknownAssessment(let name, let closest):
            "There is no assessment called '\(name.prefix(60))'"
                + (closest.isEmpty
                    ? "." : "; did you mean " + NameList.sentence(closest.map { "'\($0)'" }) + "?")
        case .ambiguousAssessment(let name, let matches):
            "'\(name.prefix(60))' matches \(matches.count) assessments: " + NameList.sentence(matches) + "."
        case .nameTaken(let name): "An assessment is called '\(name)' already."
        case .unknownCategory(let name): "There is no category called '\(name.prefix(60))'."
        case .badName(_, let problem): "The name is \(problem)."
        case .badMaximum(let text): "'\(text.prefix(40))' is not a maximum above 0 with at most two decimals."
        case .badWeight(let text):
            "'\(text.prefix(40))' is not a weight from 0 to 1000 with at most two decimals."
        case .marksOverMaximum(let name, let count):
            "\(count) mark\(count == 1 ? "" : "s") on '\(name)' would be over the new maximum."
        }
    }
}
