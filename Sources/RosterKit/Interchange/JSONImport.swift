import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a JSON array of student objects into students; the shape `roster list --format json`
/// prints, with `id`, `grade` and `score` optional and `age` a number or a string of digits.
enum JSONImport {
    static func read(_ data: Data) throws(ImportError) -> (RosterImporter.Result, [ImportProblem]) {
        let rows = try decodedRows(data)
        let lines = elementLines(Array(data))
        var problems: [ImportProblem] = []
        var ids = IDGenerator()
        var result = RosterImporter.Result()
        result.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let line = index < lines.count ? lines[index] : 1
            guard let fields = row.fields else {
                problems.append(ImportProblem(line: line, message: "The element is not an object."))
                continue
            }
            // A value that is neither text nor a number is refused, never turned into a name.
            let wrong = (StudentField.keys + StudentDetail.allCases.map(\.key))
                .compactMap { key in fields[key]?.problem(field: key) }
            guard wrong.isEmpty else {
                problems.append(ImportProblem(line: line, message: wrong.joined(separator: " ")))
                continue
            }
            let attendance = Self.attendance(of: row, line: line, problems: &problems)
            let student = RosterImporter.student(
                id: fields[StudentField.id.key]?.text, name: fields[StudentField.name.key]?.text,
                age: fields[StudentField.age.key]?.text, grade: fields[StudentField.grade.key]?.text,
                score: fields[StudentField.score.key]?.text,
                details: StudentDetail.allCases.reduce(into: StudentDetails()) { details, detail in
                    details[detail] = fields[detail.key]?.text
                },
                line: line, ids: &ids, problems: &problems)
            if var student {
                student.student.attendance = attendance
                student.student.otherFields = row.otherFields
                result.append(student)
            }
        }
        return (result, problems)
    }

    /// The file's elements, or the refusal of a file that is not a JSON array of objects.
    private static func decodedRows(_ data: Data) throws(ImportError) -> [Row] {
        do {
            return try JSONDecoder().decode([Row].self, from: data)
        } catch DecodingError.typeMismatch {
            throw ImportError(problems: [
                ImportProblem(line: 1, message: "The file is not a JSON array of students.")
            ])
        } catch {
            throw ImportError(problems: [
                ImportProblem(message: "The file is not valid JSON; check it with a JSON validator.")
            ])
        }
    }

    /// The register a row carries, as `list --format json` and `export` write it (see
    /// ``RegisterCoding``), checked: every lesson a lesson, every reason one line of text.
    private static func attendance(of row: Row, line: Int, problems: inout [ImportProblem])
        -> [Lesson: AttendanceEntry]
    {
        guard row.hasRegister else { return [:] }
        guard let register = row.register else {
            problems.append(
                ImportProblem(
                    line: line,
                    message:
                        "The register is not an object of lessons and marks (present, late, absent or excused)."
                ))
            return [:]
        }
        var attendance: [Lesson: AttendanceEntry] = [:]
        for (key, entry) in register {
            guard let lesson = Lesson(key: key) else {
                problems.append(
                    ImportProblem(
                        line: line,
                        message:
                            "The register has '\(VisibleText.quoted(Substring(key)))', which is not a lesson (YYYY-MM-DD, or YYYY-MM-DD/name) up to today."
                    ))
                continue
            }
            if let reason = entry.reason, let problem = StudentValidator.problem(withReason: reason) {
                problems.append(ImportProblem(line: line, message: "The reason for \(lesson) is \(problem)."))
                continue
            }
            attendance[lesson] = entry
        }
        return attendance
    }

    /// One element of the array: an object's fields, or `nil` when it is not an object, and its
    /// register.
    private struct Row: Decodable {
        let fields: [String: Field]?
        /// Whether the object has a `register`.
        let hasRegister: Bool
        /// The register's lessons and marks; `nil` when it has none or it is not lessons and marks.
        let register: [String: AttendanceEntry]?
        /// The values under keys roster does not read, another app's, in key order.
        let otherFields: [PlistEntry]

        private enum Keys: String, CodingKey { case register }

        init(from decoder: any Decoder) throws {
            fields = try? decoder.singleValueContainer().decode([String: Field].self)
            let container = try? decoder.container(keyedBy: Keys.self)
            hasRegister = container?.contains(.register) ?? false
            register =
                hasRegister ? try? container?.decode([String: AttendanceEntry].self, forKey: .register) : nil
            // Read a second time, as any JSON, only when the row has keys roster does not read.
            let hasOthers = fields?.keys.contains { !OtherFieldsJSON.knownKeys.contains($0) } ?? false
            otherFields =
                hasOthers
                ? (try? decoder.singleValueContainer().decode([String: OtherFieldsJSON.Value].self))
                    .map(OtherFieldsJSON.fields) ?? [] : []
        }
    }

    /// One value of an object, as the text the validators read, or what else it is.
    private struct Field: Decodable {
        private(set) var text: String?
        /// What the value is when it is neither text, a number nor null.
        private(set) var other: String?
        /// Whether the value is a JSON string.
        private(set) var isString = false

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { return }
            if let number = try? container.decode(Double.self) {
                text = Self.decimal(number)
            } else if let string = try? container.decode(String.self) {
                (text, isString) = (string, true)
            } else if (try? container.decode(Bool.self)) != nil {
                other = "true or false"
            } else if (try? container.decode([Field].self)) != nil {
                other = "a list"
            } else if (try? container.decode([String: Field].self)) != nil {
                other = "an object"
            } else {
                other = "invalid text"
            }
        }

        /// What is wrong with this value for `field`, or `nil` when the validators can read it.
        func problem(field: String) -> String? {
            let isText = field == "name" || field == "id" || StudentDetail(rawValue: field) != nil
            if other == "invalid text" {
                return "The \(field) is not valid Unicode text (a broken character or a lone surrogate)."
            }
            if let other {
                return
                    "The \(field) is \(other), not \(isText ? "text" : "a number")."
            }
            if isText, text != nil, !isString {
                return "The \(field) is a number, not text."
            }
            return nil
        }

        /// A number in plain decimal notation, since the validators read no exponents.
        private static func decimal(_ number: Double) -> String {
            if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            guard number.isFinite else { return "nan" }
            return DecimalText.plain(number)
        }
    }

    /// The line on which each element of the top-level array starts, found by one scan that
    /// tracks strings and nesting.
    private static func elementLines(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expectingElement = false
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            if depth == 1 && expectingElement && !isSpace && byte != 0x5D {
                lines.append(line)
                expectingElement = false
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth == 1 { expectingElement = true }
            case 0x5D, 0x7D: depth -= 1
            case 0x2C where depth == 1: expectingElement = true
            default: break
            }
        }
        return lines
    }
}
