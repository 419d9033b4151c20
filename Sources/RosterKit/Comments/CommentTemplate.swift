/// A report comment with placeholders that are filled for each student, so that one comment of
/// the bank reads right for everyone it is given to.
///
/// Placeholders are in braces:
/// - `{first}` the first name (``Student/firstName``, else the name's first word), `{name}` the name;
/// - `{they}`, `{them}`, `{their}`, `{theirs}`, `{themself}`, filled from the student's
///   ``Pronouns`` (*they* when they have none), capitalised as written: `{They}` gives `She`;
/// - verb pairs, the form for *she* or *he* first and the form for *they* second: `{is/are}`,
///   `{has/have}`, `{was/were}`, `{does/do}`, and any pair whose first is the second with `s`,
///   `es` or `ies` for `y`, such as `{works/work}`. A verb agrees with the subject before it: after
///   `{they}` with the pronouns, after `{first}` or `{name}` as with *she* ("Cy has", "they have").
///
/// So `"{They} {is/are} proud of {their} project."` is "She is proud of her project." for a
/// student whose pronouns are `she/her`, and "They are proud of their project." for one with none.
/// A placeholder not in that list, such as `{nmae}` or `{he/she}`, is refused, naming it.
public struct CommentTemplate: Sendable, Hashable {
    /// The comment as written, placeholders and all.
    public let text: String

    /// The longest comment, in characters, whatever the class's own limit.
    public static let maximumLength = 1_000

    /// A comment's placeholders, with what each is filled with.
    private enum Part: Hashable, Sendable {
        case text(String)
        case first, name
        case pronoun(Form, capitalised: Bool)
        case verb(singular: String, plural: String)
    }

    /// The parts, in order.
    private let parts: [Part]

    /// Reads a comment, checking it is one line of at most ``maximumLength`` characters and that
    /// every placeholder is one roster fills.
    ///
    /// - Throws: ``CommentError`` naming the first placeholder it does not know, or an unclosed
    ///   brace; ``ValidationError`` for a comment that is empty, too long or not one line.
    public init(_ text: String) throws {
        let kept = StudentValidator.trimmed(text)
        guard !kept.isEmpty else { throw ValidationError.missing(field: "comment") }
        guard kept.count <= Self.maximumLength else {
            throw ValidationError.textTooLong(field: "comment", length: kept.count)
        }
        guard StudentValidator.forbiddenScalar(kept) == nil else {
            throw ValidationError.textHasControlCharacter(field: "comment")
        }
        self.text = kept
        parts = try Self.parts(of: kept)
    }

    /// The parts of `text`, each placeholder read.
    private static func parts(of text: String) throws(CommentError) -> [Part] {
        var parts: [Part] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .unclosedBrace(String(rest[open...].prefix(20)))
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let part = placeholder(name) else { throw .unknownPlaceholder(name) }
            parts.append(part)
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return parts
    }

    /// A form of a pronoun, as ``Pronouns`` has them.
    private enum Form: Hashable, Sendable {
        case subject, object, determiner, possessive, reflexive

        /// The form of `pronouns`.
        func of(_ pronouns: Pronouns) -> String {
            switch self {
            case .subject: pronouns.subject
            case .object: pronouns.object
            case .determiner: pronouns.determiner
            case .possessive: pronouns.possessive
            case .reflexive: pronouns.reflexive
            }
        }
    }

    /// The placeholders of pronouns, by the word for *they*.
    private static let pronounForms: [String: Form] = [
        "they": .subject, "them": .object, "their": .determiner, "theirs": .possessive,
        "themself": .reflexive, "themselves": .reflexive,
    ]

    /// The verb pairs that do not follow the `s` rule.
    private static let irregularVerbs: Set<String> = ["is/are", "has/have", "was/were", "does/do"]

    /// The part a placeholder's name stands for, or `nil`.
    private static func placeholder(_ name: String) -> Part? {
        if name == "first" { return .first }
        if name == "name" { return .name }
        let lowered = name.lowercased()
        let capitalised = name.first?.isUppercase ?? false
        guard name == lowered || name == lowered.prefix(1).uppercased() + lowered.dropFirst() else {
            return nil
        }
        if let form = pronounForms[lowered] { return .pronoun(form, capitalised: capitalised) }
        let pair = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard pair.count == 2, pair.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isLetter) }) else {
            return nil
        }
        let (singular, plural) = (pair[0].lowercased(), pair[1].lowercased())
        let agrees =
            irregularVerbs.contains(lowered) || singular == plural + "s" || singular == plural + "es"
            || (plural.hasSuffix("y") && singular == plural.dropLast() + "ies")
        return agrees ? .verb(singular: pair[0], plural: pair[1]) : nil
    }

    /// The comment for `student`, every placeholder filled.
    ///
    /// - Parameter student: The student the comment is about.
    /// - Returns: The comment as a report prints it.
    public func filled(for student: Student) -> String {
        let pronouns = Pronouns(student.pronouns)
        // A verb agrees with the subject before it: "Cy has", but "they have".
        var pluralVerbs = pronouns.takesPluralVerbs
        return parts.map { part in
            switch part {
            case .text(let text): return text
            case .first:
                pluralVerbs = false
                return student.firstName ?? String(student.name.split(separator: " ").first ?? "")
            case .name:
                pluralVerbs = false
                return student.name
            case .pronoun(let form, let capitalised):
                if form == .subject { pluralVerbs = pronouns.takesPluralVerbs }
                let word = form.of(pronouns)
                return capitalised ? word.prefix(1).uppercased() + word.dropFirst() : word
            case .verb(let singular, let plural): return pluralVerbs ? plural : singular
            }
        }.joined()
    }
}
