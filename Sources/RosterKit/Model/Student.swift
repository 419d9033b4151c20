#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One student on a class roster.
///
/// `Student` is the record that ``StorageHandler`` keeps in `students.plist`. It is a plain value:
/// copy it, compare it, and send it across concurrency domains freely.
///
/// Decoding is lenient where the original iOS teaching app was: that app stored `age` as a string
/// such as `"17"`, so ``init(from:)`` accepts the age either as an integer or as text: digits are
/// the age, and any other text the app's field let in is kept as written (``writtenAge``).
/// Encoding writes the age as text too, as the app's own decoder wants it, and leaves out every
/// other field when it is empty; so the app reads every roster roster makes. A file whose ages are
/// numbers, as Python's `plistlib` writes them, keeps numbers when roster writes it back.
///
/// Beside the tutorial's three fields a student may carry what a school gives it: a ``grade``, a
/// ``score``, the school's own id (``schoolID``), the name in parts (``firstName`` and
/// ``lastName``), a ``note``, ``pronouns``, a guardian's name and address (``guardianName``,
/// ``guardianEmail``) and the register (``attendance``): the text fields are listed once, in
/// ``StudentDetail``.
public struct Student: Codable, Identifiable, Hashable, Sendable {
    /// The student's stable identity, unique within a roster.
    public var id: UUID
    /// The student's name as a person would write it, for example `"Zoë Martin"`.
    public var name: String
    /// The student's age in whole years; 0 when the file's age is text roster cannot read as one
    /// (see ``writtenAge``). Giving a student an age drops the text.
    public var age: Int {
        didSet { if age != 0, !otherFields.isEmpty { otherFields.removeAll { $0.key == Self.ageKey } } }
    }
    /// The age as the file wrote it when it is not a whole number from 1 to 120, such as
    /// `"twelve"`, `"12.0"` or `""`, which the iOS app's free-text field lets in; `nil` for every
    /// age roster reads.
    ///
    /// Such a student's ``age`` is 0. The text is shown and exported as it is and written back
    /// unchanged, and the student is left out of age statistics and filters: a whole class file
    /// is never refused for one age.
    public var writtenAge: String? {
        age == 0 ? Self.writtenAge(among: otherFields) : nil
    }
    /// The text of an age kept as written among a record's other keys, where the readers put it.
    static func writtenAge(among otherFields: [PlistEntry]) -> String? {
        guard let entry = otherFields.first(where: { $0.key == ageKey }), case .string(let text) = entry.value
        else { return nil }
        return text
    }
    /// The age as a person reads it: the number, or the text kept as written (``writtenAge``).
    public var ageText: String { writtenAge ?? String(age) }
    /// The key the age is kept under in a student's record.
    static let ageKey = StudentField.age.key
    /// The school grade (year) the student is in, if known.
    public var grade: Int?
    /// The student's score, from 0 to 100, if known.
    public var score: Double?
    /// The student's register: their mark in each lesson the register was taken while they were
    /// on the roster (see ``AttendanceRegister``).
    public var attendance: [Lesson: AttendanceEntry] {
        get { storedAttendance ?? [:] }
        set { storedAttendance = newValue.isEmpty ? nil : newValue }
    }

    /// The id the school's own system gives the student, such as `0012` or OneRoster's
    /// `sourcedId`; text, so leading zeros are kept. ``id`` stays roster's own identity.
    public var schoolID: String? {
        get { details[.schoolID] }
        set { details[.schoolID] = newValue }
    }
    /// The student's first (given) name, when the name is kept in parts as well as whole.
    public var firstName: String? {
        get { details[.firstName] }
        set { details[.firstName] = newValue }
    }
    /// The student's last (family) name, when the name is kept in parts as well as whole; an
    /// office list is sorted by it (see ``SortField/surname``).
    public var lastName: String? {
        get { details[.lastName] }
        set { details[.lastName] = newValue }
    }
    /// A teacher's free-text note about the student, such as "sits at the front".
    public var note: String? {
        get { details[.note] }
        set { details[.note] = newValue }
    }

    /// The pronouns the student uses, such as `she/her` or `they/them`, free text: a report's
    /// comment agrees with them.
    public var pronouns: String? {
        get { details[.pronouns] }
        set { details[.pronouns] = newValue }
    }
    /// The name of the student's parent or guardian, whom a report is written to.
    public var guardianName: String? {
        get { details[.guardianName] }
        set { details[.guardianName] = newValue }
    }
    /// The email address of the student's parent or guardian, checked as an address (see
    /// ``StudentValidator/emailAddress(_:field:)``).
    public var guardianEmail: String? {
        get { details[.guardianEmail] }
        set { details[.guardianEmail] = newValue }
    }

    /// The comment chosen for the student's report, its placeholders filled for them (see
    /// ``CommentTemplate``), or `nil`.
    public var reportComment: String? {
        details[.comment].flatMap { try? CommentTemplate($0).filled(for: self) }
    }

    /// The day the student joined the class; `nil` for a student on the roll from the class's
    /// start, as every student added before its first lesson is.
    public var joined: SchoolDay? {
        get { details[.joined].flatMap(SchoolDay.stored) }
        set { details[.joined] = newValue?.text }
    }
    /// The day the student left the class, once they have: a leaver keeps their marks and stays
    /// in the file, for the register of every lesson they were on the roll for; `nil` while on it.
    public var left: SchoolDay? {
        get { details[.left].flatMap(SchoolDay.stored) }
        set { details[.left] = newValue?.text }
    }

    /// Whether the student was on the class's roll on `day`: they joined on or before it and had
    /// not left by it. A lesson's roll is the students on the roll on its day.
    public func isOnRoll(on day: SchoolDay) -> Bool {
        details.isOnRoll(on: day)
    }

    /// Whether the student has left the class by `day`, today when `nil`: a leaver is not listed,
    /// picked, grouped, seated or called, but is in every register of the lessons they were on
    /// the roll for.
    public func hasLeft(by day: SchoolDay? = nil) -> Bool {
        // Today is worked out only for a student who has a leaving day: most have none.
        guard let left else { return false }
        return left <= (day ?? .today())
    }

    /// The text fields beyond the tutorial's, empty for most students.
    var details = StudentDetails()

    /// The student's value of a text field beyond the tutorial's, or `nil`.
    public subscript(detail: StudentDetail) -> String? {
        get { details[detail] }
        set { details[detail] = newValue }
    }
    /// What other apps keep in the student's record under keys roster does not know, such as a
    /// nickname or a join date, in file order: kept, written back and carried by JSON and plist
    /// exports, never interpreted.
    var otherFields: [PlistEntry] = []

    /// The register, `nil` when empty: a student without one is copied without touching any
    /// shared storage, which keeps large rosters fast on several cores.
    private var storedAttendance: [Lesson: AttendanceEntry]?

    /// Creates a student.
    ///
    /// The values are stored as given; use ``RosterViewModel`` to validate what a person typed.
    ///
    /// - Parameters:
    ///   - id: The identity; a new random one by default.
    ///   - name: The student's name.
    ///   - age: The age in whole years.
    ///   - grade: The school grade, or `nil`.
    ///   - score: The score from 0 to 100, or `nil`.
    ///   - attendance: The register's marks; none by default.
    public init(
        id: UUID = UUID(), name: String, age: Int, grade: Int? = nil, score: Double? = nil,
        attendance: [Lesson: AttendanceEntry] = [:]
    ) {
        self.id = id
        self.name = name
        self.age = age
        self.grade = grade
        self.score = score
        self.storedAttendance = attendance.isEmpty ? nil : attendance
    }

    /// Creates a student with the school's id, the name's parts or a note.
    ///
    /// - Parameters:
    ///   - id: The identity; a new random one by default.
    ///   - name: The student's name as it is shown.
    ///   - age: The age in whole years.
    ///   - schoolID: The school's own id, or `nil`.
    ///   - firstName: The first name, or `nil`.
    ///   - lastName: The last name, or `nil`.
    ///   - note: A note, or `nil`.
    public init(
        id: UUID = UUID(), name: String, age: Int, schoolID: String?, firstName: String? = nil,
        lastName: String? = nil, note: String? = nil
    ) {
        self.init(id: id, name: name, age: age)
        (self.schoolID, self.firstName, self.lastName, self.note) = (schoolID, firstName, lastName, note)
    }

    /// Whether two students hold the same fields. Other apps' keys may be in any order, as in a
    /// property list's dictionary: a student an app decodes is the student it encoded.
    ///
    /// Every stored property is compared here (and hashed in ``hash(into:)``): a new one joins both.
    public static func == (lhs: Student, rhs: Student) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.age == rhs.age && lhs.grade == rhs.grade
            && lhs.score == rhs.score && lhs.details == rhs.details
            && lhs.storedAttendance == rhs.storedAttendance
            && (lhs.otherFields == rhs.otherFields
                || PlistValue.dictionary(lhs.otherFields) == PlistValue.dictionary(rhs.otherFields))
    }

    /// Hashes the fields ``==(_:_:)`` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(age)
        hasher.combine(grade)
        hasher.combine(score)
        hasher.combine(details)
        hasher.combine(storedAttendance)
        hasher.combine(PlistValue.dictionary(otherFields))
    }

    /// Reads a string of ASCII digits as a whole number, the way the iOS app stored ages.
    static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int(text)
    }
}
