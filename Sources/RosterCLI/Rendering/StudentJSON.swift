import RosterKit

/// Writes students as JSON objects with the keys `id`, `name`, `age`, and `grade` and `score`
/// only when set.
///
/// Written by hand rather than with `JSONEncoder` so the keys keep this order and large rosters
/// print quickly.
enum StudentJSON {
    /// A JSON array, one object per line.
    static func array(_ students: [Student]) -> String {
        guard !students.isEmpty else { return "[]\n" }
        var text = "[\n"
        text.reserveCapacity(students.count * 120)
        for (index, student) in students.enumerated() {
            text += "  " + object(student) + (index + 1 < students.count ? ",\n" : "\n")
        }
        return text + "]\n"
    }

    /// One JSON object on one line.
    static func object(_ student: Student) -> String {
        var text = "{\"id\":\"\(student.id.uuidString)\",\"name\":" + quoted(student.name)
        text += ",\"age\":\(student.age)"
        if let grade = student.grade { text += ",\"grade\":\(grade)" }
        if let score = student.score { text += ",\"score\":" + StudentText.score(score) }
        return text + "}"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
