import RosterKit

/// `roster list [--sort <field>] [--reverse] [--format table|json]`
enum ListCommand: Subcommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the students on the roster.",
        options: [
            OptionSpec(
                name: "sort", valueName: "field", help: "The field to sort by.",
                choices: SortField.allCases.map(\.rawValue), defaultValue: SortField.name.rawValue),
            OptionSpec(name: "reverse", help: "Show the list in reverse order."),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the list.",
                choices: ["table", "json", "csv", "plist"], defaultValue: "table"),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let viewModel = try context.loadedViewModel()
        let students = viewModel.students
        let order = viewModel.sortedIndices(
            by: parsed.choice("sort", default: .name), reversed: parsed.has("reverse"))
        if let format = parsed.values["format"].flatMap(InterchangeFormat.init(rawValue:)) {
            context.output.write(try format.data(for: students, order: order))
        } else if students.isEmpty {
            context.output.write("The roster is empty. Add a student with 'roster add <name> --age <age>'.\n")
        } else {
            let table = StudentTable(shortIDs: RosterLookup.shortIDs(for: students), width: context.width)
            context.output.write(table.render(students, order: order))
        }
    }
}
