import RosterKit

/// `roster add <name> --age <age> [--grade <grade>] [--score <score>] [--school-id <id>] …`
///
/// At a terminal, `roster add` without a name or an age asks for them, as the iOS app's form
/// does, and asks again after an answer it cannot use.
struct AddCommand: Subcommand, TakesStudentDetails {
    static let name = "add"
    static let createsClass = true
    static let prompts = true
    static let abstract = "Add a student to the roster."
    static let discussion: String? =
        "Prints the new student's id, which other commands accept as a reference. "
        + "With --first and --last the name may be left out: it is \"first last\". "
        + "At a terminal, a missing name or age is asked for."
    static let fields: [CommandField<Self>] =
        [
            .argument(
                ArgumentSpec(
                    name: "name",
                    help: "The student's name, at most 100 characters; with --first or --last, optional.",
                    replacedBy: ["first", "last"]), \.name),
            .option(
                "age", \.age, valueName: "age", help: "The student's age, \(RangeText.ages).",
                isRequired: true,
                parse: .age),
            .option(
                "grade", \.grade, valueName: "grade", help: "The school grade, \(RangeText.grades).",
                parse: .grade),
            .option(
                "score", \.score, valueName: "score", help: "The score, \(RangeText.scores).", parse: .score),
            .option(
                "joined", \.joined, valueName: "day",
                help: "The day they joined, for a register taken late: YYYY-MM-DD, yesterday or a weekday. "
                    + "(default: today once the class has had a lesson)", parse: .text),
        ] + StudentDetailOptions.fields(clearing: false)

    var name: String?
    var age: Int?
    var grade: Int?
    var score: Double?
    var joined: String?
    var details = StudentDetailOptions()

    func run(in context: CommandContext) throws {
        let name =
            try self.name
            ?? details.name()
            ?? Self.ask("Name", context, StudentValidator.name)
        let age = try self.age ?? Self.ask("Age", context, StudentValidator.age(text:))
        let isNewClass = context.isNewClass
        let addition = try ClassroomIntents.add(
            name: name, age: age, grade: grade, score: score,
            details: details.adding(to: StudentChanges()),
            joined: try joined.map {
                try AttendanceText.day($0, label: "--joined <day>", notingWeekend: false, context)
            },
            to: context.fileURL)
        let student = addition.student
        context.saved.record("\(VisibleText.of(student.name)) was added")
        context.output.write("Added \(student.name), age \(student.age), with id \(student.id.uuidString).\n")
        if isNewClass { context.errorOutput.write("New \(context.rosterDescription).\n") }
        for other in addition.namesakes {
            let shortID = other.id.uuidString.prefix(RosterLookup.minimumShortIDLength)
            context.errorOutput.write(
                "Note: \(VisibleText.of(other.name)) (age \(VisibleText.of(other.ageText)), id \(shortID)) already has this name; "
                    + "tell them apart by id, for example 'roster show \(shortID)'.\n")
        }
    }

    /// Asks until the answer passes `check`; the end of input cancels.
    private static func ask<Value>(
        _ label: String, _ context: CommandContext, _ check: (String) throws -> Value
    ) throws
        -> Value
    {
        while true {
            context.errorOutput.write("\(label): ")
            guard let answer = context.input.readLine() else {
                context.errorOutput.write("\n")
                throw PromptEnded(field: label.lowercased(), notDone: "nothing was added")
            }
            do {
                return try check(answer)
            } catch let error as ValidationError {
                context.errorOutput.write("  \(error)\n")
            }
        }
    }
}

/// The input ended at a prompt (Ctrl-D at a terminal): nothing was done. Exit 1, in one line.
struct PromptEnded: Error, CustomStringConvertible {
    /// The field the prompt asked for.
    let field: String
    /// What was not done, as the end of a sentence.
    let notDone: String

    var description: String { "The input ended at the \(field) prompt; \(notDone)." }
}
