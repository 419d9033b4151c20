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

    /// The problem in words, naming what was typed.
    public var description: String {
        switch self {
        case .unknownAssessment(let name, let closest):
            "there is no assessment called '\(name.prefix(60))'"
                + (closest.isEmpty
                    ? "" : "; did you mean " + NameList.sentence(closest.map { "'\($0)'" }) + "?")
        case .ambiguousAssessment(let name, let matches):
            "'\(name.prefix(60))' matches \(matches.count) assessments: " + NameList.sentence(matches)
        case .nameTaken(let name): "an assessment is called '\(name)' already"
        case .unknownCategory(let name): "there is no category called '\(name.prefix(60))'"
        }
    }
}
