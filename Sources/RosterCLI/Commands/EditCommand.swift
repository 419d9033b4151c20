import RosterKit

/// `roster edit <student> [--name <name>] [--age <age>] [--grade <grade>] [--score <score>]
/// [--school-id <id>] [--first <name>] [--last <name>] [--note <text>] …`
struct EditCommand: Subcommand, TakesStudentDetails {
    static let name = "edit"
    static let abstract = "Change a student's details."
    static let discussion: String? =
        "Give at least one change. Fields you leave out keep their values. "
        + "A new --first or --last without --name makes the name \"first last\"."
    static let fields: [CommandField<Self>] =
        [
            .argument(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.student),
            .option("name", \.name, valueName: "name", help: "The new name.", parse: .text),
            .option("age", \.age, valueName: "age", help: "The new age, \(RangeText.ages).", parse: .age),
            .option(
                "grade", \.grade, valueName: "grade", help: "The new school grade, \(RangeText.grades).",
                parse: .grade),
            .option(
                "score", \.score, valueName: "score", help: "The new score, \(RangeText.scores).",
                parse: .score),
            .flag("clear-grade", \.clearGrade, help: "Remove the student's grade."),
            .flag("clear-score", \.clearScore, help: "Remove the student's score."),
            .flag("left", \.pastRecord, help: ArgumentSpec.pastRecordHelp),
        ] + StudentDetailOptions.fields(clearing: true)

    var student = ""
    var name: String?
    var age: Int?
    var grade: Int?
    var score: Double?
    var clearGrade = false
    var clearScore = false
    var pastRecord = false
    var details = StudentDetailOptions()

    func validate() throws {
        for (field, given, cleared) in [
            ("grade", grade != nil, clearGrade), ("score", score != nil, clearScore),
        ]
        where given && cleared {
            throw UsageError.message(
                "--\(field) and --clear-\(field) cannot be used together; give one of them.")
        }
    }

    func run(in context: CommandContext) throws {
        let changes = try changes()
        let edit = try ClassroomIntents.edit(student, changes, pastRecord: pastRecord, at: context.fileURL)
        context.saved.record("\(VisibleText.of(edit.after.name)) was updated")
        context.output.write(StudentText.edited(edit))
    }

    private func changes() throws -> StudentChanges {
        let given = StudentChanges(
            name: try name.map(StudentValidator.name), age: age, grade: grade, score: score,
            clearGrade: clearGrade, clearScore: clearScore)
        let changes = details.adding(to: given)
        guard !changes.isEmpty else {
            throw UsageError.message(
                "Nothing to change. Give at least one of --name, --age, --grade, --score, --clear-grade, --clear-score, "
                    + StudentDetailOptions.names.joined(separator: ", ") + ".")
        }
        return changes
    }
}
