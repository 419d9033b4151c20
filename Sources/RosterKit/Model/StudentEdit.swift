/// One student before and after an edit, so that a screen can say what changed.
public struct StudentEdit: Sendable, Equatable {
    /// The student as the roster had it.
    public let before: Student
    /// The student as the roster has it now.
    public let after: Student

    /// One field an edit changed, with its old and new value written for people (`-` for none).
    public struct Change: Sendable, Equatable {
        /// The field's name: `name`, `age`, `grade`, `score` or a text field's
        /// ``StudentDetail/field``, such as `school id`.
        public let field: String
        /// The old value.
        public let old: String
        /// The new value.
        public let new: String
    }

    /// The fields whose values differ, in the order a roster lists them.
    public var changes: [Change] {
        func text(_ value: Double?) -> String { value.map(JSONRosterWriter.number) ?? "-" }
        let fields: [(String, String, String)] =
            [
                (StudentField.name.field, before.name, after.name),
                (StudentField.age.field, before.ageText, after.ageText),
                (
                    StudentField.grade.field, before.grade.map(String.init) ?? "-",
                    after.grade.map(String.init) ?? "-"
                ),
                (StudentField.score.field, text(before.score), text(after.score)),
            ] + StudentDetail.allCases.map { ($0.field, before[$0] ?? "-", after[$0] ?? "-") }
        return fields.filter { $0.1 != $0.2 }.map { Change(field: $0.0, old: $0.1, new: $0.2) }
    }
}
