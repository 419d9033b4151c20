import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a roster from an XML property list without a general XML parser.
///
/// Like ``BinaryPlistReader`` it knows a roster's shape and reads the file in one pass. Values
/// under keys it does not know are read whole, to be written back, but no deeper than
/// ``PlistValue/maximumDepth``, so a deeply nested file cannot exhaust the stack. Entities other
/// than XML's five and numeric references are refused, so nothing expands.
struct XMLPlistReader {
    /// The file's bytes, read where they are: a copy would double a large file's memory.
    let bytes: SharedBytes
    var position = 0

    /// One tag: `<name>`, `</name>` or `<name/>`.
    struct Tag: Equatable {
        enum Kind { case start, end, empty }
        let kind: Kind
        let name: String
    }

    /// Reads every student from the bytes of an XML property list.
    static func students(from data: Data) throws(DecodingProblem) -> ([Student], RecordNotes) {
        try SharedBytes.reading(data) { bytes throws(DecodingProblem) in
            var reader = XMLPlistReader(bytes: bytes)
            return try reader.students()
        }
    }

    private init(bytes: SharedBytes) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    private mutating func students() throws(DecodingProblem) -> ([Student], RecordNotes) {
        var tag = try nextTag()
        if tag == Tag(kind: .start, name: "plist") { tag = try nextTag() }
        var students: [Student] = []
        var notes = RecordNotes()
        var budget = PlistValueBudget(fileBytes: bytes.count)
        if tag == Tag(kind: .start, name: "array") {
            while true {
                let next = try nextTag()
                if next == Tag(kind: .end, name: "array") { break }
                students.append(
                    try student(opening: next, record: students.count, notes: &notes, budget: &budget))
            }
        } else if tag != Tag(kind: .empty, name: "array") {
            throw .notAList
        }
        try expectEnd()
        return (students, notes)
    }

    private mutating func student(
        opening tag: Tag, record: Int, notes: inout RecordNotes, budget: inout PlistValueBudget
    ) throws(DecodingProblem) -> Student {
        guard tag.name == "dict" else { throw .record(record, "is not a dictionary") }
        var fields = StudentFields()
        guard tag.kind == .start else { return try fields.student(record: record) }
        var (ageIsText, otherFields) = (false, [PlistEntry]())
        while true {
            let keyTag = try nextTag()
            if keyTag == Tag(kind: .end, name: "dict") { break }
            guard keyTag == Tag(kind: .start, name: "key") else {
                throw .record(record, "has a value without a key")
            }
            let key = try content(of: "key")
            let value = try nextTag()
            guard let field = StudentField(rawValue: key) else {
                otherFields.append(
                    PlistEntry(key: key, value: try self.value(value, depth: 1, budget: &budget)))
                continue
            }
            if field == .age && value.name == "string" { ageIsText = true }
            try read(value, into: &fields, field: field, record: record)
        }
        fields.keepWrittenAge(in: &otherFields)
        var student = try fields.student(record: record)
        let register = try RegisterCoding.take(from: &otherFields, record: record)
        student.attendance = register.attendance
        student.details = try DetailCoding.take(from: &otherFields, record: record)
        if !otherFields.isEmpty, let problem = MarkCoding.problem(in: otherFields) {
            throw .record(record, problem)
        }
        student.otherFields = otherFields
        // The marks are the student's, as the binary reader keeps them; other apps' keys are the file's.
        notes.note(
            id: student.id, ageIsText: ageIsText,
            otherFields: otherFields.filter { $0.key != Student.marksKey },
            legacyRegister: register.isLegacy, register: !student.attendance.isEmpty)
        return student
    }

    private mutating func read(
        _ tag: Tag, into fields: inout StudentFields, field: StudentField, record: Int
    )
        throws(DecodingProblem)
    {
        let wrong = DecodingProblem.record(record, "has a wrong value for '\(field.rawValue)'")
        let text: String
        switch tag.kind {
        case .start:
            do {
                text = try scalar(tag, record: record)
            } catch let problem where problem.heldText != nil {
                let held = VisibleText.quoted(Substring(problem.heldText ?? ""))
                throw .record(
                    record,
                    "has a control character, which XML cannot hold, in its '\(field.rawValue)': \(held)")
            }
        case .empty where tag.name == "string": text = ""
        default: throw wrong
        }
        switch (field, tag.name) {
        case (.id, "string"):
            guard let id = UUIDText.uuid(from: text) else { throw wrong }
            fields.id = id
        case (.name, "string"):
            fields.name = text
        case (.age, "integer"), (.grade, "integer"):
            guard let number = Int(text.trimmingWhitespace()) else { throw wrong }
            if field == .age { fields.age = number } else { fields.grade = number }
        case (.age, "string"):
            fields.readAge(text)
        case (.score, "real"), (.score, "integer"):
            guard let number = Double(text.trimmingWhitespace()) else {
                throw wrong
            }
            fields.score = number
        default:
            throw wrong
        }
    }

    private mutating func scalar(_ tag: Tag, record: Int) throws(DecodingProblem) -> String {
        guard ["string", "integer", "real"].contains(tag.name) else {
            throw .record(record, "has a value of the wrong kind")
        }
        return try content(of: tag.name)
    }

    private mutating func expectEnd() throws(DecodingProblem) {
        while let tag = try nextTagIfAny() {
            guard tag == Tag(kind: .end, name: "plist") else {
                throw .notAPropertyList("<\(tag.name)> follows the end of the list")
            }
        }
    }
}
