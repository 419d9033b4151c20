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
        let rows: [Row]
        do {
            rows = try JSONDecoder().decode([Row].self, from: data)
        } catch DecodingError.typeMismatch {
            throw ImportError(problems: [
                ImportProblem(line: 1, message: "The file is not a JSON array of students.")
            ])
        } catch {
            throw ImportError(problems: [
                ImportProblem(message: "The file is not valid JSON; check it with a JSON validator.")
            ])
        }
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
            let wrong = ["id", "name", "age", "grade", "score"].compactMap { key in
                fields[key]?.problem(field: key)
            }
            guard wrong.isEmpty else {
                problems.append(ImportProblem(line: line, message: wrong.joined(separator: " ")))
                continue
            }
            let student = RosterImporter.student(
                id: fields["id"]?.text, name: fields["name"]?.text, age: fields["age"]?.text,
                grade: fields["grade"]?.text, score: fields["score"]?.text,
                line: line, ids: &ids, problems: &problems)
            if let student { result.append(student) }
        }
        return (result, problems)
    }

    /// One element of the array: an object's fields, or `nil` when it is not an object.
    private struct Row: Decodable {
        let fields: [String: Field]?

        init(from decoder: any Decoder) throws {
            fields = try? decoder.singleValueContainer().decode([String: Field].self)
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
            if other == "invalid text" {
                return "The \(field) is not valid Unicode text (a broken character or a lone surrogate)."
            }
            if let other {
                return
                    "The \(field) is \(other), not \(field == "name" || field == "id" ? "text" : "a number")."
            }
            if field == "name" || field == "id", text != nil, !isString {
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
