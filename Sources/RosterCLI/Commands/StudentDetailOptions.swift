import RosterKit

/// The options `add` and `edit` share for the fields a school gives a student beside the
/// tutorial's: `--school-id`, `--first`, `--last` and `--note`.
struct StudentDetailOptions: Sendable {
    var schoolID: String?
    var first: String?
    var last: String?
    var note: String?

    /// The names of the options, as a message lists them.
    static let names = ["--school-id", "--first", "--last", "--note"]

    /// The fields of the options, worded for `add` or, with `clearing`, for `edit` (where `""`
    /// clears a field).
    static func fields<Command: TakesStudentDetails>(clearing: Bool) -> [CommandField<Command>] {
        let clear = clearing ? "; \"\" clears it" : ""
        return [
            .option(
                "school-id", \.details.schoolID, valueName: "id",
                help: "The school's own id for the student, such as 0012\(clear).", parse: .text),
            .option(
                "first", \.details.first, valueName: "name", help: "The first (given) name\(clear).",
                parse: .text),
            .option(
                "last", \.details.last, valueName: "name", help: "The last (family) name\(clear).",
                parse: .text),
            .option(
                "note", \.details.note, valueName: "text",
                help: "A note, such as \"sits at the front\"\(clear).",
                parse: .text),
        ]
    }

    /// `changes` with the values of these options.
    func adding(to changes: StudentChanges) -> StudentChanges {
        var changes = changes
        changes.schoolID = schoolID
        changes.firstName = first
        changes.lastName = last
        changes.note = note
        return changes
    }

    /// The display name the parts make, checked, when the name itself was not given.
    func name() throws -> String? {
        let first = try first.flatMap(StudentValidator.namePart)
        let last = try last.flatMap(StudentValidator.namePart)
        return StudentValidator.displayName(first: first, last: last)
    }
}

/// A command that takes ``StudentDetailOptions``.
protocol TakesStudentDetails {
    var details: StudentDetailOptions { get set }
}
