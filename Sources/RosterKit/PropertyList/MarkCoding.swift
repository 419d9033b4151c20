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

    /// The problem of a record whose mark on assessment `id` is not one.
    static func notAMark(_ id: String) -> String {
        "has a mark for '\(id.prefix(20))' that is not points, a percentage, EX or MI"
    }
}
