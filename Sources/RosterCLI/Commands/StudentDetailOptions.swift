import RosterKit

/// The options `add` and `edit` share for the text fields a student has beside the tutorial's,
/// one for each ``StudentDetail`` with an option: `--school-id`, `--first`, `--last`, `--note`,
/// `--pronouns`, `--guardian` and `--guardian-email`.
struct StudentDetailOptions: Sendable {
    /// The values given, by field.
    private var values: [StudentDetail: String] = [:]

    /// The value given for `detail`, or `nil`.
    subscript(detail: StudentDetail) -> String? {
        get { values[detail] }
        set { values[detail] = newValue }
    }

    /// The fields that have an option, in the schema's order.
    private static let optioned = StudentDetail.allCases.filter { $0.facts.option != nil }

    /// The names of the options, as a message lists them.
    static let names = optioned.compactMap { $0.facts.option.map { "--" + $0.name } }

    /// The fields of the options, worded for `add` or, with `clearing`, for `edit` (where `""`
    /// clears a field).
    static func fields<Command: TakesStudentDetails>(clearing: Bool) -> [CommandField<Command>] {
        let clear = clearing ? "; \"\" clears it" : ""
        return optioned.compactMap { detail in
            detail.facts.option.map { option in
                .option(
                    option.name, \.details[detail], valueName: option.valueName,
                    help: option.help + clear + ".",
                    parse: .text)
            }
        }
    }

    /// `changes` with the values of these options.
    func adding(to changes: StudentChanges) -> StudentChanges {
        var changes = changes
        for (detail, text) in values { changes[detail] = text }
        return changes
    }

    /// The display name the parts make, checked, when the name itself was not given.
    func name() throws -> String? {
        let first = try values[.firstName].flatMap(StudentValidator.namePart)
        let last = try values[.lastName].flatMap(StudentValidator.namePart)
        return StudentValidator.displayName(first: first, last: last)
    }
}

/// A command that takes ``StudentDetailOptions``.
protocol TakesStudentDetails {
    var details: StudentDetailOptions { get set }
}
