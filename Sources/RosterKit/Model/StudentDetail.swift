/// A text field a student may have beside the tutorial's (``StudentField``), declared once: the
/// key it is stored under, the rule it is checked by, and the names CSV, JSON, screens and the
/// command line give it.
///
/// Everything that reads or writes a student's text fields takes them from this table: both
/// property-list formats store each under its ``key`` (the iOS app ignores these keys), CSV
/// import finds its column by ``field`` or one of its other headers and export writes it, JSON
/// names it by its key both ways, ``StudentChanges`` changes it by ``StudentChanges/subscript(_:)``,
/// and `roster show`, `list --columns` and the `add` and `edit` options list it. A new text field
/// is a new case here, its accessor on ``Student``, and nothing else.
public enum StudentDetail: String, CaseIterable, Sendable {
    /// The id the school's own system gives the student, such as `0012` (see ``Student/schoolID``).
    case schoolID
    /// The first (given) name (see ``Student/firstName``).
    case firstName
    /// The last (family) name (see ``Student/lastName``).
    case lastName
    /// A teacher's note (see ``Student/note``).
    case note
    /// The pronouns the student uses, such as `she/her` (see ``Student/pronouns``).
    case pronouns
    /// The name of the student's parent or guardian (see ``Student/guardianName``).
    case guardianName
    /// The email address of the student's parent or guardian (see ``Student/guardianEmail``).
    case guardianEmail
    /// The comment chosen for the student's report, placeholders and all, filled as the report is
    /// made (see ``CommentTemplate``), under a key of roster's own.
    case comment = "reportComment"
    /// The class the student moved from, whose roster keeps the marks that did not come along: a
    /// report shows them "in 7A".
    case movedFrom
    /// The day the student joined the class (see ``Student/joined``), under a key of roster's
    /// own: other apps keep a `joined` of their own, which roster leaves alone.
    case joined = "joinedOn"
    /// The day the student left the class (see ``Student/left``).
    case left = "leftOn"

    /// The key the field is stored under, in the roster file and in JSON.
    public var key: String { rawValue }

    /// The field's name in a sentence, such as `school id`: messages, `edit`'s list of changes and
    /// CSV headers use it.
    public var field: String { facts.field }

    /// The field's label on a screen, such as `School ID`.
    public var label: String { facts.label }

    /// How a field is checked, as it is typed or read.
    package enum Rule: Sendable {
        /// One line of visible text (``StudentValidator/freeText(_:field:)``).
        case text
        /// A part of a name, by the rules of a whole name (``StudentValidator/namePart(_:)``).
        case namePart
        /// A day, `YYYY-MM-DD` (``StudentValidator/enrolmentDay(_:field:)``).
        case day
        /// An email address (``StudentValidator/emailAddress(_:field:)``).
        case emailAddress
        /// A report comment with placeholders (``CommentTemplate``).
        case comment
    }

    /// Where a field's column goes in roster's CSV: after the id, after the name, or at the end.
    package enum CSVPlace: Sendable { case afterID, afterName, end }

    /// What the table says of one field.
    package struct Facts: Sendable {
        /// See ``StudentDetail/field``.
        package let field: String
        /// See ``StudentDetail/label``.
        package let label: String
        /// The rule the field's text is checked by.
        package let rule: Rule
        /// Other headers of its CSV column, lowercased, as spreadsheets and school systems name it.
        package let otherHeaders: [String]
        /// Where roster's CSV writes the column.
        package let place: CSVPlace
        /// The fields whose columns are written together, when any student has one of them.
        package let columnGroup: Int
        /// Whether a blank cell of an imported CSV clears the field, rather than leaving it.
        package let blankClears: Bool
        /// The `add` and `edit` option that sets the field, without its dashes, its value's name and
        /// what it is; `nil` for a field set by a command of its own.
        package let option: (name: String, valueName: String, help: String)?
    }

    /// Everything the table says of the field.
    package var facts: Facts {
        switch self {
        case .schoolID:
            Facts(
                field: "school id", label: "School ID", rule: .text,
                otherHeaders: [
                    "schoolid", "student id", "studentid", "student number", "identifier", "sourcedid",
                    // England's unique pupil number and admission number, and other systems' ids.
                    "upn", "adno", "admission number", "admission no", "pupil number", "sis id", "sisid",
                ],
                place: .afterID, columnGroup: 0, blankClears: false,
                option: ("school-id", "id", "The school's own id for the student, such as 0012"))
        case .firstName:
            Facts(
                field: "first name", label: "First", rule: .namePart,
                otherHeaders: [
                    "firstname", "given name", "givenname", "forename", "vorname", "prénom", "prenom",
                ],
                place: .afterName, columnGroup: 1, blankClears: false,
                option: ("first", "name", "The first (given) name"))
        case .lastName:
            Facts(
                field: "last name", label: "Last", rule: .namePart,
                otherHeaders: ["lastname", "family name", "familyname", "surname", "nachname", "nom"],
                place: .afterName, columnGroup: 1, blankClears: false,
                option: ("last", "name", "The last (family) name"))
        case .note:
            Facts(
                field: "note", label: "Note", rule: .text, otherHeaders: ["notes"], place: .end,
                columnGroup: 2, blankClears: true,
                option: ("note", "text", "A note, such as \"sits at the front\""))
        case .pronouns:
            Facts(
                field: "pronouns", label: "Pronouns", rule: .text,
                otherHeaders: ["pronoun", "preferred pronouns", "personal pronouns"], place: .end,
                columnGroup: 3, blankClears: true,
                option: (
                    "pronouns", "pronouns", "The pronouns the student uses, such as she/her or they/them"
                ))
        case .guardianName:
            Facts(
                field: "guardian", label: "Guardian", rule: .text,
                otherHeaders: [
                    "guardian name", "guardianname", "parent", "parent name", "parent/guardian",
                    "parent guardian", "carer", "contact name",
                ],
                place: .end, columnGroup: 4, blankClears: true,
                option: ("guardian", "name", "The name of the student's parent or guardian"))
        case .guardianEmail:
            Facts(
                field: "guardian email", label: "Guardian email", rule: .emailAddress,
                otherHeaders: [
                    "guardianemail", "guardian e-mail", "parent email", "parent e-mail",
                    "parent/guardian email",
                    "carer email", "contact email",
                ],
                place: .end, columnGroup: 4, blankClears: true,
                option: (
                    "guardian-email", "address", "The guardian's email address, such as name@example.org"
                ))
        case .comment:
            Facts(
                field: "comment", label: "Comment", rule: .comment,
                otherHeaders: ["report comment", "reportcomment"], place: .end, columnGroup: 6,
                blankClears: true, option: nil)
        case .movedFrom:
            Facts(
                field: "moved from", label: "Moved from", rule: .text, otherHeaders: ["movedfrom"],
                place: .end,
                columnGroup: 7, blankClears: false, option: nil)
        case .joined:
            Facts(
                field: "joined", label: "Joined", rule: .day,
                otherHeaders: ["date joined", "joining date", "start date", "joined on", "joinedon"],
                place: .end, columnGroup: 5, blankClears: false, option: nil)
        case .left:
            Facts(
                field: "left", label: "Left", rule: .day,
                otherHeaders: ["date left", "leaving date", "end date", "left on", "lefton"],
                place: .end, columnGroup: 5, blankClears: false, option: nil)
        }
    }

    /// The field whose stored key is `key`, or `nil`.
    package init?(key: String) {
        self.init(rawValue: key)
    }

    /// Where the field is kept in ``StudentDetails``, without a search.
    var position: Int {
        switch self {
        case .schoolID: 0
        case .firstName: 1
        case .lastName: 2
        case .note: 3
        case .pronouns: 4
        case .guardianName: 5
        case .guardianEmail: 6
        case .comment: 7
        case .movedFrom: 8
        case .joined: 9
        case .left: 10
        }
    }
}
