/// A value a person typed that cannot go on the roster, with a message saying what would.
///
/// ``StudentValidator`` throws these; the command line shows ``description`` as it is.
public enum ValidationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name is empty after trimming spaces.
    case emptyName
    /// The name is longer than ``StudentValidator/maximumNameLength`` characters.
    case nameTooLong(length: Int)
    /// The name holds a control or invisible formatting character, such as a newline or a tab.
    case nameHasControlCharacter
    /// The name has no character that shows: only spaces, fillers such as U+3164 or marks alone.
    case nameHasNoVisibleCharacter
    /// The name holds a character that changes how text around it is shown, such as U+202E (a
    /// right-to-left override) or U+2028 (a line separator); `scalar` is its code point.
    case nameHasLayoutCharacter(scalar: UInt32)
    /// One character of the name carries more than ``StudentValidator/maximumMarks`` combining
    /// marks (`count` of them).
    case nameHasTooManyMarks(count: Int)
    /// A free text, such as an absence's reason, is longer than
    /// ``StudentValidator/maximumTextLength`` characters.
    case textTooLong(field: String, length: Int)
    /// A free text holds a control or layout character, such as a newline.
    case textHasControlCharacter(field: String)
    /// A field every student needs is missing; `field` is `name` or `age`.
    case missing(field: String)
    /// A field's text is not a number of the kind it needs; `field` is `age`, `grade` or `score`.
    case notANumber(field: String, text: String, expected: String)
    /// A field's text is not an email address of the form roster keeps, such as
    /// `name@example.org`; `field` is `guardian email`.
    case notAnAddress(field: String, text: String)
    /// A field's number is outside what a roster accepts; `range` is written like `1 to 120`.
    case outOfRange(field: String, text: String, range: String)

    /// A sentence that names the problem and what would be accepted instead.
    public var description: String {
        switch self {
        case .emptyName:
            return "The name is empty. Give the student's name, for example \"Ada Lovelace\"."
        case .nameTooLong(let length):
            return "The name is \(length) characters long; "
                + "use at most \(StudentValidator.maximumNameLength) characters."
        case .nameHasControlCharacter:
            return "The name contains a control character such as a newline or a tab; "
                + "type the name on one line with ordinary spaces."
        case .nameHasLayoutCharacter(let scalar):
            let code = "U+" + String(scalar, radix: 16, uppercase: true)
            let what =
                (0x2028...0x2029).contains(scalar)
                ? "a line or paragraph separator, which breaks the name over lines"
                : (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
                    ? "a text-direction control, which can make a name show as another"
                    : "an invisible formatting character"
            return "The name contains \(code), \(what); type the name without it."
        case .nameHasTooManyMarks(let count):
            return "A character of the name carries \(count) accents or marks; "
                + "use at most \(StudentValidator.maximumMarks) on one letter."
        case .nameHasNoVisibleCharacter:
            return "The name has no visible character, only blank or invisible ones; "
                + "give the student's name, for example \"Ada Lovelace\"."
        case .textTooLong(let field, let length):
            return "The \(field) is \(length) characters long; "
                + "use at most \(StudentValidator.maximumTextLength) characters."
        case .textHasControlCharacter(let field):
            return "The \(field) contains a control or layout character such as a newline; "
                + "type it on one line."
        case .missing(let field):
            return "The \(field) is missing; every student needs a name and an age."
        case .notANumber(let field, let text, let expected):
            return "The \(field) '\(text.prefix(100))' is not \(expected)."
        case .notAnAddress(let field, let text):
            return "The \(field) '\(VisibleText.of(String(text.prefix(100))))' is not an email address "
                + "such as name@example.org."
        case .outOfRange(let field, let text, let range):
            return "The \(field) \(text.prefix(100)) is out of range; use a number from \(range)."
        }
    }
}
