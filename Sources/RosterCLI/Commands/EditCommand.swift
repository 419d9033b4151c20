import RosterKit

/// `roster edit <student> [--name <name>] [--age <age>] [--grade <grade>] [--score <score>]
/// [--school-id <id>] [--first <name>] [--last <name>] [--note <text>] …`
enum EditCommand: Subcommand {
    static let name = "edit"
    static let spec = CommandSpec(
        name: name,
        abstract: "Change a student's details.",
        discussion: "Give at least one change. Fields you leave out keep their values. "
            + "A new --first or --last without --name makes the name \"first last\".",
        arguments: [
            ArgumentSpec(
                name: "student",
                help:
                    "A name or its words (a first name will do), a full id, or an id prefix of 4 or more characters."
            )
        ],
        options: [
            OptionSpec(name: "name", valueName: "name", help: "The new name."),
            OptionSpec(name: "age", valueName: "age", help: "The new age, \(RangeText.ages)."),
            OptionSpec(name: "grade", valueName: "grade", help: "The new school grade, \(RangeText.grades)."),
            OptionSpec(name: "score", valueName: "score", help: "The new score, \(RangeText.scores)."),
            OptionSpec(name: "clear-grade", help: "Remove the student's grade."),
            OptionSpec(name: "clear-score", help: "Remove the student's score."),
        ] + StudentDetailOptions.specs(clearing: true))

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let changes = try changes(from: parsed)
        let edit = try ClassroomIntents.edit(parsed.positionals[0], changes, at: context.fileURL)
        context.saved.record("\(VisibleText.of(edit.after.name)) was updated")
        context.output.write(StudentText.edited(edit))
    }

    private static func changes(from parsed: ParsedCommand) throws -> StudentChanges {
        for field in ["grade", "score"] where parsed.values[field] != nil && parsed.has("clear-\(field)") {
            throw UsageError.message(
                "--\(field) and --clear-\(field) cannot be used together; give one of them.")
        }
        let given = StudentChanges(
            name: try parsed.values["name"].map(StudentValidator.name),
            age: try parsed.age(in: spec), grade: try parsed.grade(in: spec),
            score: try parsed.score(in: spec),
            clearGrade: parsed.has("clear-grade"), clearScore: parsed.has("clear-score"))
        let changes = StudentDetailOptions.adding(to: given, from: parsed)
        guard !changes.isEmpty else {
            throw UsageError.message(
                "Nothing to change. Give at least one of --name, --age, --grade, --score, --clear-grade, --clear-score, "
                    + StudentDetailOptions.names.joined(separator: ", ") + ".")
        }
        return changes
    }
}
