/// One of the tutorial's fields of a student, declared once: the key it is stored under and the
/// names CSV, JSON, screens and messages give it.
///
/// These are the fields the iOS app's `Student` has (an id, a name and an age) and the two roster
/// adds beside them (a grade and a score), each a value of its own kind; the text fields beside
/// them are ``StudentDetail``'s. Both property-list readers match a record's keys against
/// ``key``, both writers write it, CSV export heads its columns with it and import finds them by
/// ``field`` or one of its other headers, JSON names it by ``key`` both ways, and `roster show`,
/// `list` and `edit`'s list of changes label it by ``field`` and ``label``.
public enum StudentField: String, CaseIterable, Sendable {
    /// The student's lasting id (see ``Student/id``).
    case id
    /// The whole name (see ``Student/name``).
    case name
    /// The age, 1 to 120, or the text the iOS app kept (see ``Student/age``).
    case age
    /// The school grade (see ``Student/grade``).
    case grade
    /// The score (see ``Student/score``).
    case score

    /// The key the field is stored under, in the roster file and in JSON.
    public var key: String { rawValue }

    /// The field's name in a sentence, such as `grade`: messages and CSV headers use it.
    public var field: String { rawValue }

    /// The field's label on a screen, such as `Grade`.
    public var label: String {
        switch self {
        case .id: "ID"
        case .name: "Name"
        case .age: "Age"
        case .grade: "Grade"
        case .score: "Score"
        }
    }

    /// Other headers of its CSV column, lowercased, as spreadsheets and school systems name it.
    package var otherHeaders: [String] {
        switch self {
        case .name: ["student name", "pupil name", "full name", "pupil", "student"]
        case .id, .age, .grade, .score: []
        }
    }

    /// The keys of the tutorial's fields, in the order roster writes them.
    package static let keys = allCases.map(\.key)
}
