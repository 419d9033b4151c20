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
