/// The five forms of a student's pronouns and whether verbs agree with them as with *they*, read
/// from the free text of ``Student/pronouns``.
///
/// `she/her`, `he/him`, `they/them`, `it/its` and the common neopronouns (`xe/xem`, `ze/zir`,
/// `ze/hir`, `ey/em`) are known by their first word or two; five forms written out, as
/// `xe/xem/xyr/xyrs/xemself`, are taken as they are. Anything else, and no pronouns at all, is
/// *they*: a report never guesses a student's gender from their name.
public struct Pronouns: Sendable, Equatable {
    /// The subject form, as in "*she* is": `she`, `he`, `they`.
    public let subject: String
    /// The object form, as in "thank *her*": `her`, `him`, `them`.
    public let object: String
    /// The possessive before a noun, as in "*her* work": `her`, `his`, `their`.
    public let determiner: String
    /// The possessive standing alone, as in "the idea was *hers*": `hers`, `his`, `theirs`.
    public let possessive: String
    /// The reflexive form, as in "pushed *herself*": `herself`, `himself`, `themself`.
    public let reflexive: String
    /// Whether verbs take their plural form, as with *they*: "they are", "she is".
    public let takesPluralVerbs: Bool

    /// *they/them*, for a student without pronouns or with ones roster does not know.
    public static let they = Pronouns("they", "them", "their", "theirs", "themself", plural: true)

    private init(
        _ subject: String, _ object: String, _ determiner: String, _ possessive: String, _ reflexive: String,
        plural: Bool = false
    ) {
        (self.subject, self.object, self.determiner, self.possessive, self.reflexive) = (
            subject, object, determiner, possessive, reflexive
        )
        takesPluralVerbs = plural
    }

    /// The sets roster knows, by their first one or two words.
    private static let known: [(words: [String], pronouns: Pronouns)] = [
        (["she"], Pronouns("she", "her", "her", "hers", "herself")),
        (["he"], Pronouns("he", "him", "his", "his", "himself")),
        (["they"], .they),
        (["it"], Pronouns("it", "it", "its", "its", "itself")),
        (["xe"], Pronouns("xe", "xem", "xyr", "xyrs", "xemself")),
        (["ze", "hir"], Pronouns("ze", "hir", "hir", "hirs", "hirself")),
        (["ze"], Pronouns("ze", "zir", "zir", "zirs", "zirself")),
        (["zie"], Pronouns("zie", "zir", "zir", "zirs", "zirself")),
        (["ey"], Pronouns("ey", "em", "eir", "eirs", "emself")),
    ]

    /// The pronouns `text` names, as ``Student/pronouns`` holds it: `she/her`, `He / Him`,
    /// `they`, or `she/they` (the first set is used); *they* for `nil` or anything else.
    public init(_ text: String?) {
        let words = (text ?? "").lowercased().split { $0 == "/" || $0 == " " || $0 == "," }.map(String.init)
        if words.count == 5, words.allSatisfy({ $0.allSatisfy(\.isLetter) }) {
            self.init(words[0], words[1], words[2], words[3], words[4])
            return
        }
        let found = Self.known.first { Array(words.prefix($0.words.count)) == $0.words }
        self = found?.pronouns ?? .they
    }
}
