/// Writes students as JSON: objects with the keys `id`, `name`, `age`, and `grade` and `score`
/// only when set.
///
/// Written by hand rather than with `JSONEncoder` so the keys keep this order and large rosters
/// are written quickly.
public enum JSONRosterWriter {
    /// A JSON array, one object per line, ending with a newline.
    ///
    /// - Parameter students: The students, in the order to write them.
    /// - Returns: The JSON text.
    public static func array(_ students: [Student]) -> String {
        guard !students.isEmpty else { return "[]\n" }
        var text = "[\n"
        text.reserveCapacity(students.count * 110)
        for (index, student) in students.enumerated() {
            text += "  "
            append(student, to: &text)
            text += index + 1 < students.count ? ",\n" : "\n"
        }
        return text + "]\n"
    }

    /// One JSON object on one line, without a newline.
    ///
    /// - Parameter student: The student to write.
    /// - Returns: The JSON text.
    public static func object(_ student: Student) -> String {
        var text = ""
        append(student, to: &text)
        return text
    }

    /// How a score is written, in JSON and in CSV: the shortest text that reads back as the
    /// same number, without a needless `.0`.
    ///
    /// - Parameter score: The score.
    /// - Returns: For example `90` or `88.5`.
    public static func number(_ score: Double) -> String {
        if score == score.rounded(), abs(score) < 1e15 { return String(Int(score)) }
        return String(score)
    }

    private static func append(_ student: Student, to text: inout String) {
        text += "{\"id\":\""
        text += student.id.uuidString
        text += "\",\"name\":"
        appendQuoted(student.name, to: &text)
        text += ",\"age\":"
        text += String(student.age)
        if let grade = student.grade {
            text += ",\"grade\":"
            text += String(grade)
        }
        if let score = student.score {
            text += ",\"score\":"
            text += number(score)
        }
        text += "}"
    }

    private static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
