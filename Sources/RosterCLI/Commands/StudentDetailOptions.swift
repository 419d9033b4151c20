import RosterKit

/// The options `add` and `edit` share for the fields a school gives a student beside the
/// tutorial's: `--school-id`, `--first`, `--last` and `--note`.
enum StudentDetailOptions {
    /// The options, worded for `add` or, with `clearing`, for `edit` (where `""` clears a field).
    static func specs(clearing: Bool) -> [OptionSpec] {
        let clear = clearing ? "; \"\" clears it" : ""
        return [
            OptionSpec(
                name: "school-id", valueName: "id",
                help: "The school's own id for the student, such as 0012\(clear)."),
            OptionSpec(name: "first", valueName: "name", help: "The first (given) name\(clear)."),
            OptionSpec(name: "last", valueName: "name", help: "The last (family) name\(clear)."),
            OptionSpec(
                name: "note", valueName: "text", help: "A note, such as \"sits at the front\"\(clear)."),
        ]
    }

    /// The names of the options, as a message lists them.
    static let names = ["--school-id", "--first", "--last", "--note"]

    /// `changes` with the values of these options.
    static func adding(to changes: StudentChanges, from parsed: ParsedCommand) -> StudentChanges {
        var changes = changes
        changes.schoolID = parsed.values["school-id"]
        changes.firstName = parsed.values["first"]
        changes.lastName = parsed.values["last"]
        changes.note = parsed.values["note"]
        return changes
    }

    /// The display name the parts make, checked, when the name itself was not given.
    static func name(from parsed: ParsedCommand) throws -> String? {
        let first = try parsed.values["first"].flatMap(StudentValidator.namePart)
        let last = try parsed.values["last"].flatMap(StudentValidator.namePart)
        return StudentValidator.displayName(first: first, last: last)
    }
}
