import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A property-list value that roster keeps without interpreting it: what another app stored under
/// a key that a student record does not have, such as a nickname, tags or a photo.
///
/// Readers turn such values into this type and writers turn them back, so every key roster does
/// not know survives a change with its type and value (see ``FileConventions``). It nests through
/// arrays, so it needs no `indirect` boxes: a boxed case is a pointer with the case in its spare
/// bits, which LeakSanitizer cannot follow, and the roster the `roster` tool keeps until it exits
/// looked leaked.
enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01 00:00:00 UTC, as property lists count them.
    case date(Double)
    case data([UInt8])
    /// A keyed archiver's object reference, which only binary property lists hold.
    case uid(UInt64)
    case array([PlistValue])
    case dictionary([PlistEntry])

    /// How deep values may nest; deeper files are refused rather than walked.
    static let maximumDepth = 256

    /// Whether two values hold the same: a dictionary's keys may be in any order, as a property
    /// list's dictionary has none (a decoder gives its keys in an order of its own).
    static func == (lhs: PlistValue, rhs: PlistValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let left), .dictionary(let right)):
            left == right || (left.count == right.count && byKey(left) == byKey(right))
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.real(let left), .real(let right)), (.date(let left), .date(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.data(let left), .data(let right)): left == right
        case (.uid(let left), .uid(let right)): left == right
        default: false
        }
    }

    /// Hashes the value as ``==(_:_:)`` compares it: a dictionary by its entries sorted by key.
    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(0 as UInt8)
            hasher.combine(text)
        case .integer(let number):
            hasher.combine(1 as UInt8)
            hasher.combine(number)
        case .real(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .bool(let flag):
            hasher.combine(3 as UInt8)
            hasher.combine(flag)
        case .date(let seconds):
            hasher.combine(4 as UInt8)
            hasher.combine(seconds)
        case .data(let bytes):
            hasher.combine(5 as UInt8)
            hasher.combine(bytes)
        case .uid(let number):
            hasher.combine(6 as UInt8)
            hasher.combine(number)
        case .array(let values):
            hasher.combine(7 as UInt8)
            hasher.combine(values)
        case .dictionary(let entries):
            hasher.combine(8 as UInt8)
            hasher.combine(Self.byKey(entries))
        }
    }

    private static func byKey(_ entries: [PlistEntry]) -> [PlistEntry] {
        entries.sorted { $0.key < $1.key }
    }
}

/// One key and its value in a property-list dictionary, in the order the file keeps them.
struct PlistEntry: Hashable, Sendable {
    let key: String
    let value: PlistValue
}

/// Counts the values a reader makes, register entries included, so that a file whose values
/// share references cannot make it build an exponentially large tree.
///
/// The bound is the memory a file would really take once read, in proportion to its size: each
/// value a reader makes, and each entry of a register, is reached through a reference of at
/// least one byte in the file, so a file that is what it claims never runs out, however many
/// students share a lesson's key or a mark. Counting objects instead refused a year group's
/// roster after a few weeks of registers, all of whose entries share a few keys and marks.
struct PlistValueBudget {
    private(set) var remaining: Int

    /// A budget of two values for each byte of a file `bytes` long.
    init(fileBytes bytes: Int) {
        remaining = max(1 << 16, bytes.multipliedReportingOverflow(by: 2).partialValue)
    }

    /// Takes one value from the budget, or reports the file as damaged when it runs out.
    mutating func spend(depth: Int) throws(DecodingProblem) {
        guard depth <= PlistValue.maximumDepth else {
            throw .notAPropertyList("a value is nested more than \(PlistValue.maximumDepth) deep")
        }
        remaining -= 1
        guard remaining >= 0 else {
            throw .notAPropertyList("its values share references so much that they would not fit in memory")
        }
    }
}

extension PlistValue {
    /// A student's record as a dictionary, in the order roster writes keys, with its register and the keys
    /// roster does not know after them, and the age as text when the file keeps it so.
    static func record(of student: Student, conventions: FileConventions) -> PlistValue {
        let kept = keptEntries(of: student, fileFields: conventions.otherFields[student.id] ?? [])
        var entries = [
            PlistEntry(key: StudentField.id.key, value: .string(UUIDText.string(student.id))),
            PlistEntry(key: StudentField.name.key, value: .string(student.name)),
            kept.writtenAge.map { PlistEntry(key: Student.ageKey, value: .string($0)) }
                ?? PlistEntry(
                    key: Student.ageKey,
                    value: conventions.agesAsText
                        ? .string(String(student.age)) : .integer(Int64(student.age))),
        ]
        if let grade = student.grade {
            entries.append(PlistEntry(key: StudentField.grade.key, value: .integer(Int64(grade))))
        }
        if let score = student.score {
            entries.append(PlistEntry(key: StudentField.score.key, value: .real(score)))
        }
        entries += DetailCoding.entries(of: student.details)
        if !student.attendance.isEmpty {
            entries.append(
                PlistEntry(key: RegisterCoding.key, value: RegisterCoding.value(of: student.attendance)))
        }
        return .dictionary(entries + kept.others)
    }

    /// What a student's record keeps besides roster's own fields: its age as written, and the
    /// other keys, the student's own (their marks, and other apps' keys when the student was
    /// read whole) and then the file's (`fileFields`) that the student does not hold. The one
    /// rule both writers follow (see ``KeptEntries``).
    static func keptEntries(of student: Student, fileFields: [PlistEntry]) -> (
        writtenAge: String?, others: [PlistEntry]
    ) {
        // An age kept as written goes back as it was; a student given an age since has lost it.
        let writtenAge =
            student.age == 0 ? Student.writtenAge(among: student.otherFields + fileFields) : nil
        return (writtenAge, otherEntries(own: student.otherFields, file: fileFields))
    }

    /// A record's other keys: its own (`own`), then the file's that it does not hold, never an
    /// age kept as written, which goes in the age's place.
    static func otherEntries(own: [PlistEntry], file: [PlistEntry]) -> [PlistEntry] {
        var others = own.filter { !isAge($0) }
        for field in file where !isAge(field) && !own.contains(where: { $0.key == field.key }) {
            others.append(field)
        }
        return others
    }

    /// Whether an entry among a record's other keys is its age kept as written.
    private static func isAge(_ entry: PlistEntry) -> Bool {
        entry.key == Student.ageKey
    }

    /// How many objects the value makes in a binary file when nothing is shared: one for each
    /// value, and one for each key of a dictionary.
    var objectCount: Int {
        switch self {
        case .array(let elements): elements.reduce(1) { $0 + $1.objectCount }
        case .dictionary(let entries): entries.reduce(1) { $0 + 1 + $1.value.objectCount }
        default: 1
        }
    }

    /// A whole roster as the top-level array of its file.
    static func roster(of students: [Student], conventions: FileConventions) -> PlistValue {
        .array(students.map { record(of: $0, conventions: conventions) })
    }
}
