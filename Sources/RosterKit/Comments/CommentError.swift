/// Why a comment, a condition or a choice from the comment bank cannot be taken, in neutral words.
public enum CommentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The comment has a placeholder roster does not fill, such as `{nmae}`.
    case unknownPlaceholder(String)
    /// A `{` with no `}` after it; the text from the brace on.
    case unclosedBrace(String)
    /// A condition that cannot be read, with what is wrong.
    case unreadableCondition(String, reason: String)
    /// A condition names a category the markbook does not have.
    case unknownCategory(String, known: [String])
    /// No comment has this number; the bank has `count`.
    case noSuchComment(number: Int, count: Int)
    /// The comment, as it is written or as it is filled for a student, is longer than the class's
    /// limit.
    case overLimit(length: Int, limit: Int)

    /// A sentence that names the problem and what would be accepted instead.
    public var description: String {
        switch self {
        case .unknownPlaceholder(let name):
            return
                "The comment has the placeholder {\(VisibleText.of(String(name.prefix(40))))}, which roster does "
                + "not fill; use {first}, {name}, {they}, {them}, {their}, {theirs}, {themself} (or {They} and "
                + "so on) and verb pairs such as {is/are}."
        case .unclosedBrace(let text):
            return "The comment has a '{' without a '}' ('\(VisibleText.of(text))'); close the placeholder."
        case .unreadableCondition(let text, let reason):
            return "The condition '\(VisibleText.of(String(text.prefix(60))))' cannot be read: \(reason)"
        case .unknownCategory(let name, let known):
            let list =
                known.isEmpty ? "it has none" : "it has " + known.map(VisibleText.of).joined(separator: ", ")
            return "The markbook has no category named '\(VisibleText.of(name))'; \(list)."
        case .noSuchComment(let number, let count):
            return count == 0
                ? "The comment bank is empty, so it has no comment \(number)."
                : "The comment bank has no comment \(number); it has comments 1 to \(count)."
        case .overLimit(let length, let limit):
            return "The comment is \(length) characters long, over the class's limit of \(limit)."
        }
    }
}
