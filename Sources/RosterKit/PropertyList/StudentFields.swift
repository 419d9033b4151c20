import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of one student as they are read from a file, before they are known to be complete.
///
/// Both property-list readers fill one of these per record and call ``student(record:)``, so a
/// missing or wrong field is reported the same way whatever the file's format.
struct StudentFields {
    var id: UUID?
    var name: String?
    var age: Int?
    var grade: Int?
    var score: Double?
    /// The age as the file wrote it when it is not one roster reads (see ``Student/writtenAge``):
    /// ``age`` is 0 then, and the text is kept among the record's other keys.
    var writtenAge: String?
    /// Whether the name was left as the file's bytes (``name`` is empty then), checked for its
    /// length only; it is checked in full once it is made, as when it is edited.
    var nameIsStored = false

    /// The complete student, or the problem with record `record`.
    ///
    /// Values no roster holds (an age of -5, a grade of 40, a score that is not a number) make
    /// the file damaged: they are the validator's ranges, the same as for `add`.
    func student(record: Int) throws(DecodingProblem) -> Student {
        let student = try complete(record: record)
        let (name, age) = (student.name, student.age)
        guard StudentValidator.ages.contains(age) || writtenAge != nil else {
            throw .record(
                record,
                "has an age of \(age), outside \(StudentValidator.ages.lowerBound) to \(StudentValidator.ages.upperBound)"
            )
        }
        if let grade, !StudentValidator.grades.contains(grade) {
            throw .record(
                record,
                "has a grade of \(grade), outside \(StudentValidator.grades.lowerBound) to \(StudentValidator.grades.upperBound)"
            )
        }
        if let score, !(score.isFinite && StudentValidator.scores.contains(score)) {
            throw .record(record, "has a score of \(score), outside \(StudentValidator.scoreRangeText)")
        }
        // A name kept as the file's bytes was checked where it was found (see `nameIsStored`).
        if !nameIsStored, let problem = StudentValidator.problem(withStoredName: name) {
            throw .record(record, "has \(problem)")
        }
        return student
    }

    /// The student the fields make, with the values as they are: every field that must be there
    /// is, and nothing more is checked (a `Student` holds any values it is given).
    func complete(record: Int) throws(DecodingProblem) -> Student {
        guard let id else { throw .record(record, "has no 'id'") }
        guard let name else { throw .record(record, "has no 'name'") }
        guard let age else { throw .record(record, "has no 'age'") }
        return Student(id: id, name: name, age: age, grade: grade, score: score)
    }

    /// The student a record read as a list of entries holds (as `Codable` reads one), by the
    /// rules of the file readers for each value's kind (an id, an age in digits, a day, a register,
    /// a mark), its values as they are (a `Student` holds any age it is given), the register,
    /// details and marks taken from the other keys, and the rest kept as other apps' keys.
    static func student(fromEntries entries: [PlistEntry], record: Int) throws(DecodingProblem) -> Student {
        var (fields, otherFields) = (StudentFields(), [PlistEntry]())
        for entry in entries {
            guard let key = StudentField(rawValue: entry.key) else {
                otherFields.append(entry)
                continue
            }
            switch (key, entry.value) {
            case (.id, .string(let text)) where UUIDText.uuid(from: text) != nil:
                fields.id = UUIDText.uuid(from: text)
            case (.name, .string(let text)): fields.name = text
            case (.age, .integer(let number)): fields.age = Int(number)
            case (.age, .string(let text)): fields.readAge(text)
            case (.grade, .integer(let number)): fields.grade = Int(number)
            case (.score, .real(let number)): fields.score = number
            case (.score, .integer(let number)): fields.score = Double(number)
            default: throw .record(record, "has a wrong value for '\(entry.key)'")
            }
        }
        fields.keepWrittenAge(in: &otherFields)
        var student = try fields.complete(record: record)
        student.attendance = try RegisterCoding.take(from: &otherFields, record: record).attendance
        student.details = try DetailCoding.take(from: &otherFields, record: record)
        if !otherFields.isEmpty, let problem = MarkCoding.problem(in: otherFields) {
            throw .record(record, problem)
        }
        student.otherFields = otherFields
        // A decoder gives a dictionary's keys in an order of its own: the marks go in the order
        // roster keeps them, the assessments' order.
        if student.hasMarks { student.marks = student.marks }
        return student
    }

    /// Reads an age stored as text, as the iOS app stored it: digits, with any spaces around
    /// them that the app's text field let in (`"12 "` is 12). Any other text the app's field let
    /// in (`"twelve"`, `"12.0"`, `""`, an age out of range) is kept as written, never refused:
    /// the age is 0 then, and ``writtenAge`` holds the text.
    mutating func readAge(_ text: String) {
        if let number = Student.wholeNumber(String(text.trimmingWhitespace())),
            StudentValidator.ages.contains(number)
        {
            age = number
        } else {
            (age, writtenAge) = (0, text)
        }
    }

    /// Puts an age kept as written first among a record's other keys, where every writer finds
    /// it (see ``PlistValue/record(of:conventions:)``) and where a roster read for a change to
    /// a few students keeps it (``FileConventions/otherFields``).
    func keepWrittenAge(in otherFields: inout [PlistEntry]) {
        guard let writtenAge else { return }
        otherFields.insert(PlistEntry(key: Student.ageKey, value: .string(writtenAge)), at: 0)
    }
}

/// A student as a change to a few records of a binary roster reads it: every field checked and
/// decoded except the name, which stays as the bytes the file keeps it in.
///
/// An `edit` or `remove` writes almost every student back unchanged. Making a `String` of each
/// name and encoding it again was about half of their time on a large roster; copying the name's
/// bytes into the new file costs almost nothing. See ``StoredRoster``.
///
/// It holds only plain values, so a large roster of them is copied as bytes; registers are kept
/// beside them, by id (see ``StoredRoster``).
struct StoredStudent: StudentValues {
    var id: UUID
    var name: StoredName
    var age: Int
    var grade: Int?
    var score: Double?
    var register = StoredRegister()
    /// The school's id, the name's parts and the note: empty for most students.
    var details = StudentDetails()
    /// The marks (see ``Student/marks``), numbered as ``StoredMarks`` says: empty for a class
    /// without a markbook.
    var marks = StoredMarks()
    /// The age as the file wrote it, when it is not a number (see ``Student/writtenAge``).
    var writtenAge: String?
}

/// Where the bytes of a ``StoredStudent``'s name are, and how they are encoded.
struct StoredName {
    /// Where the name's bytes start: in the roster file while it is read, then among the names
    /// a ``StoredRoster`` keeps.
    var start: Int
    /// How many UTF-16 code units the name has, which is its length as a plist stores it.
    var units: Int
    /// Whether the bytes are big-endian UTF-16; otherwise they are ASCII, one byte a unit.
    var isUTF16: Bool
    /// Whether every unit is ASCII, so that the name is written as an ASCII string.
    var isASCII: Bool

    /// How many bytes the name takes where it is kept.
    var byteCount: Int { isUTF16 ? 2 * units : units }
}

/// The fields of a student that ``BinaryPlistWriter`` writes as they are; the name is written by
/// the roster that holds the student (see ``PlistRecords``).
protocol StudentValues {
    var id: UUID { get }
    var age: Int { get }
    var grade: Int? { get }
    var score: Double? { get }
}

extension Student: StudentValues {}

/// A student's fields other than the name; see ``StudentValues``.
struct StudentNumbers: StudentValues {
    let id: UUID
    let age: Int
    let grade: Int?
    let score: Double?
}

/// How a student's register is kept in a roster file, read and written by both property-list
/// formats alike.
///
/// The register is a dictionary under the key `register`, one entry a lesson: the lesson's key
/// (`2026-12-01`, or `2026-12-01/2` for one of several lessons that day) and its mark as text
/// (`present`, `late`, `absent`, `excused`), or, with a reason, a dictionary of `mark` and
/// `reason`. The iOS app ignores the key; roster reads it like `grade` and `score`.
///
/// Files of earlier versions kept marks under `attendance`, one a day, with no record of the
/// lessons everyone came to; ``upgradeLegacy(_:)`` turns those into lessons.
enum RegisterCoding {
    /// The key the register is stored under.
    static let key = "register"
    /// The key earlier versions kept absences and lates under.
    static let legacyKey = "attendance"

    /// The stored value of a register.
    static func value(of attendance: [Lesson: AttendanceEntry]) -> PlistValue {
        .dictionary(
            attendance.sorted { $0.key < $1.key }.map { lesson, entry in
                let mark = PlistValue.string(entry.mark.rawValue)
                guard let reason = entry.reason else {
                    return PlistEntry(key: lesson.description, value: mark)
                }
                return PlistEntry(
                    key: lesson.description,
                    value: .dictionary([
                        PlistEntry(key: "mark", value: mark),
                        PlistEntry(key: "reason", value: .string(reason)),
                    ]))
            })
    }

    /// Takes the register out of a record's other fields, checked; the legacy key's marks come
    /// back flagged, to be upgraded once the whole roster is read.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when the register is damaged.
    static func take(from fields: inout [PlistEntry], record: Int) throws(DecodingProblem) -> (
        attendance: [Lesson: AttendanceEntry], isLegacy: Bool
    ) {
        guard fields.contains(where: { $0.key == key || $0.key == legacyKey }) else { return ([:], false) }
        var attendance: [Lesson: AttendanceEntry] = [:]
        var isLegacy = false
        for field in fields where field.key == key || field.key == legacyKey {
            guard case .dictionary(let entries) = field.value else {
                throw .record(record, "has a '\(field.key)' that is not a dictionary of lessons")
            }
            isLegacy = isLegacy || field.key == legacyKey
            for entry in entries {
                guard let lesson = Lesson(key: entry.key) else {
                    throw .record(
                        record, "has a register entry '\(entry.key.prefix(40))' that is not a lesson")
                }
                attendance[lesson] = try self.entry(entry.value, lesson: lesson, record: record)
            }
        }
        fields.removeAll { $0.key == key || $0.key == legacyKey }
        return (attendance, isLegacy)
    }

    static func entry(_ value: PlistValue, lesson: Lesson, record: Int) throws(DecodingProblem)
        -> AttendanceEntry
    {
        var (markText, reason): (String?, String?) = (nil, nil)
        switch value {
        case .string(let text): markText = text
        case .dictionary(let entries):
            for entry in entries {
                guard case .string(let text) = entry.value else { continue }
                if entry.key == "mark" { markText = text } else if entry.key == "reason" { reason = text }
            }
        default: break
        }
        guard let markText, let mark = AttendanceMark(rawValue: markText) else {
            throw .record(
                record, "has a register mark for \(lesson) that is not present, late, absent or excused")
        }
        if let reason, let problem = StudentValidator.problem(withReason: reason) {
            throw .record(record, "has a reason for \(lesson) that is \(problem)")
        }
        return AttendanceEntry(mark, reason: reason)
    }

    /// Turns the marks of an earlier version's register into lessons: every day any student was
    /// marked was a lesson, and every student without a mark that day was there.
    static func upgradeLegacy(_ students: inout [Student]) {
        let lessons = Set(students.flatMap(\.attendance.keys))
        guard !lessons.isEmpty else { return }
        for index in students.indices {
            for lesson in lessons where students[index].attendance[lesson] == nil {
                students[index].attendance[lesson] = AttendanceEntry(.present)
            }
        }
    }
}

/// How a student's text fields beyond the tutorial's (``StudentDetail``) are kept in a roster
/// file, read and written by both property-list formats alike.
///
/// Each is a string under its own key (`schoolID`, `firstName`, `lastName`, `note`), after the
/// tutorial's fields and before the register, and only when the student has it. The iOS app
/// ignores these keys.
enum DetailCoding {
    /// The stored entries of a student's details, in ``StudentDetail`` order.
    static func entries(of details: StudentDetails) -> [PlistEntry] {
        details.present.map { PlistEntry(key: $0.detail.rawValue, value: .string($0.text)) }
    }

    /// Takes the details out of a record's other fields, each checked as when it is typed.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when a detail is not text or breaks
    ///   its rule.
    static func take(from fields: inout [PlistEntry], record: Int) throws(DecodingProblem)
        -> StudentDetails
    {
        guard !fields.isEmpty else { return StudentDetails() }
        var details = StudentDetails()
        var kept: [PlistEntry] = []
        for field in fields {
            guard let detail = StudentDetail(rawValue: field.key) else {
                kept.append(field)
                continue
            }
            guard case .string(let text) = field.value else {
                throw .record(record, "has a '\(field.key)' that is not text")
            }
            do {
                details[detail] = try StudentValidator.detail(detail, text)
            } catch {
                throw .record(record, "has a '\(field.key)' that breaks its rule: \(error)")
            }
        }
        fields = kept
        return details
    }
}

/// Checks the marks kept in a student's record as the roster is read, so that a damaged mark is
/// named at once rather than left out of a result.
enum MarkCoding {
    /// What is wrong with the marks among a record's other fields, or `nil` when they are
    /// readable (or there are none).
    static func problem(in fields: [PlistEntry]) -> String? {
        for field in fields where field.key == Student.marksKey {
            guard case .dictionary(let entries) = field.value else {
                return "has '\(Student.marksKey)' that is not a dictionary of marks"
            }
            for entry in entries {
                guard case .string(let text) = entry.value, Mark(stored: text) != nil else {
                    return notAMark(entry.key)
                }
            }
        }
        return nil
    }

    /// The field a record keeps `marks` under, as a student's other fields hold it; none when
    /// there are no marks.
    static func field(of marks: [PlistEntry]) -> [PlistEntry] {
        marks.isEmpty ? [] : [PlistEntry(key: Student.marksKey, value: .dictionary(marks))]
    }

    /// Whether `field` holds marks as roster's binary writer writes them: a dictionary of texts.
    static func isMarks(_ field: PlistEntry) -> Bool {
        guard field.key == Student.marksKey, case .dictionary(let entries) = field.value else { return false }
        return entries.allSatisfy { if case .string = $0.value { true } else { false } }
    }

    /// The problem of a record whose mark on assessment `id` is not one.
    static func notAMark(_ id: String) -> String {
        "has a mark for '\(id.prefix(20))' that is not points, a percentage, EX or MI"
    }
}

extension StudentField {
    /// Matches a key stored as ASCII bytes without making a `String` of it.
    init?(asciiBytes bytes: SharedBytes) {
        guard
            let field = Self.allCases.first(where: {
                $0.key.utf8.count == bytes.count && bytes.elementsEqual($0.key.utf8)
            })
        else { return nil }
        self = field
    }
}
