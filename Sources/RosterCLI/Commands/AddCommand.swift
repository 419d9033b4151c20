import RosterKit

/// `roster add <name> --age <age> [--grade <grade>] [--score <score>]`
enum AddCommand: Subcommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a student to the roster.",
        discussion: "Prints the new student's id, which other commands accept as a reference.",
        arguments: [ArgumentSpec(name: "name", help: "The student's name, at most 100 characters.")],
        options: [
            OptionSpec(name: "age", valueName: "age", help: "The student's age, 1 to 120.", isRequired: true),
            OptionSpec(name: "grade", valueName: "grade", help: "The school grade, 0 to 13."),
            OptionSpec(name: "score", valueName: "score", help: "The score, 0 to 100."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let name = try StudentValidator.name(parsed.positionals[0])
        guard let age = try parsed.age(in: spec) else {
            throw UsageError.missingArgument(label: "--age <age>", help: "The student's age, 1 to 120.")
        }
        let student = try context.viewModel().add(
            name: name, age: age, grade: parsed.grade(in: spec), score: parsed.score(in: spec))
        context.output.write("Added \(student.name), age \(student.age), with id \(student.id.uuidString).\n")
    }
}
