import RosterKit

/// `roster list [--sort <field>] [--reverse] [--format table|json|csv|plist|html] [--blank <n>] [--output <file>] [filters…]`
enum ListCommand: Subcommand {
    static let name = "list"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the students on the roster.",
        options: [
            OptionSpec(
                name: "sort", valueName: "field", help: "The field to sort by.",
                choices: SortField.allCases.map(\.rawValue), defaultValue: SortField.name.rawValue),
            OptionSpec(name: "reverse", help: "Show the list in reverse order."),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the list.",
                choices: ["table", "json", "csv", "plist", "html"], defaultValue: "table"),
            OptionSpec(
                name: "blank", valueName: "n",
                help: "With --format html, this many empty tick columns, for a register on paper."),
            PageOutput.option,
            OptionSpec(
                name: "search", valueName: "text",
                help: "Only names containing this, ignoring case and accents."),
            OptionSpec(name: "grade", valueName: "grade", help: "Only students in this grade."),
            OptionSpec(name: "min-age", valueName: "age", help: "Only students at least this old."),
            OptionSpec(name: "max-age", valueName: "age", help: "Only students at most this old."),
            OptionSpec(name: "limit", valueName: "n", help: "Show at most this many students."),
            OptionSpec(name: "no-header", help: "Leave out the header row of the table or CSV, for scripts."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let filter = try filter(from: parsed)
        let limit = try parsed.positiveNumber("limit", in: spec)
        let students = try context.loadedStudents()
        let isHTML = parsed.values["format"] == "html"
        let blank = try parsed.positiveNumber("blank", in: spec) ?? 0
        if parsed.values["blank"] != nil, !isHTML {
            throw UsageError.message("--blank is for a page to print; add --format html, or drop --blank.")
        }
        guard blank <= 20 else {
            throw UsageError.message("--blank \(blank) would not fit a page; give at most 20 tick columns.")
        }
        try PageOutput.check(parsed, isHTML: isHTML)
        let format = parsed.values["format"].flatMap(InterchangeFormat.init(rawValue:))
        if parsed.has("no-header"), isHTML {
            throw UsageError.message(
                "--no-header is for the table and CSV; a page has its header. Drop --no-header.")
        }
        if parsed.has("no-header"), let format, format != .csv {
            throw UsageError.message(
                "--no-header is for the table and CSV; \(format.rawValue) has no header row. Drop --no-header."
            )
        }
        let (field, reversed) = (parsed.choice("sort", default: SortField.name), parsed.has("reverse"))
        var (order, shortIDLengths) = RosterSorter.sortedIndices(
            students, by: field, reversed: reversed, withShortIDs: format == nil)
        order = filter.apply(to: students, in: order)
        if let limit, order.count > limit { order = Array(order.prefix(limit)) }
        if isHTML {
            try PageOutput.write(
                page(students, order: order, blank: blank, context), about: "the class list", parsed, context)
        } else if let format {
            try format.write(students, order: order, header: !parsed.has("no-header")) {
                context.output.write(bytes: $0)
            }
        } else if order.isEmpty {
            let message =
                students.isEmpty
                ? "The roster is empty. Add a student with 'roster add <name> --age <age>'.\n"
                : "No student matches.\n"
            context.output.write(message)
        } else {
            var table = StudentTable(shortIDLengths: shortIDLengths, width: context.width)
            let style = context.style
            table.styleHeader = { style.bold($0) }
            table.showsHeader = !parsed.has("no-header")
            table.write(students, order: order) { context.output.write(bytes: $0) }
        }
    }

    /// The class list as a page to print: name, age, grade and score, and `blank` tick columns.
    private static func page(_ students: [Student], order: [Int], blank: Int, _ context: CommandContext)
        -> String
    {
        let page = HTMLPage(today: "Class list, \(StudentText.count(order.count))", for: context)
        let rows = order.map { index in
            let student = students[index]
            return [
                student.name, String(student.age), student.grade.map(String.init) ?? "",
                student.score.map(StudentText.score) ?? "",
            ]
        }
        return page.document(
            page.tables(columns: ["Name", "Age", "Grade", "Score"], rows: rows, blank: blank))
    }

    private static func filter(from parsed: ParsedCommand) throws -> StudentFilter {
        StudentFilter(
            search: parsed.values["search"], grade: try parsed.grade(in: spec),
            minimumAge: try parsed.age("min-age", in: spec), maximumAge: try parsed.age("max-age", in: spec))
    }
}
