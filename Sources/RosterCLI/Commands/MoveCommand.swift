import RosterKit

/// `roster move <student>... --to <class> [--date <day>] [--map <here=there>]...`
struct MoveCommand: Subcommand {
    static let name = "move"
    static let abstract = "Move students to another class, with their register and notes."
    static let discussion: String? =
        "The students leave this class on the day, keeping their marks here, and join the other on "
        + "the same day with the same ids, details and notes, so no past lesson of either class "
        + "changes; a mark on an assessment the other class has too (the same name and maximum, or one "
        + "--map names) comes with them. Both classes change as one, and 'roster undo' in either class "
        + "takes back the whole move."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "student", help: "A name or its words, a school id, a full id, or an id prefix."),
            \.students),
        .option(
            "to", \.destination, valueName: "class", help: "The class they join, which must exist.",
            isRequired: true,
            parse: .text),
        .day(\.date, "The day of the move"),
        .repeated(
            "map", \.mapping, valueName: "here=there",
            help: "An assessment of this class whose marks go to the other class's assessment of another "
                + "name, such as \"Quiz 1=Fractions quiz\"; repeat for more.",
            parse: .namedValue(
                hint:
                    "Give this class's assessment, =, and the other class's, such as \"Quiz 1=Fractions quiz\".",
                value: { $0.isEmpty ? nil : $0 })),
    ]

    var students: [String] = []
    var destination: String?
    var date: String?
    var mapping: [NamedValue<String>] = []

    func run(in context: CommandContext) throws {
        let target = try RosterFileLocation.existingClassURL(
            destination ?? "", environment: context.environment, creating: false)
        guard target.standardizedFileURL.path != context.fileURL.standardizedFileURL.path else {
            throw UsageError.message("The students are in that class already; give another class with --to.")
        }
        let day = try AttendanceText.day(date, notingWeekend: false, context)
        let moved = try ClassroomIntents.move(
            students, from: context.fileURL, to: target, on: day,
            // A name mapped twice goes where the last --map says.
            mapping: Dictionary(mapping.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
        let names = NameList.joined(moved.map { VisibleText.of($0.name) })
        let className = ClassFolder.name(of: target)
        context.saved.record("\(names) moved to \(VisibleText.of(className))")
        let marks = moved.reduce(0) { $0 + $1.marks.count }
        let brought =
            marks == 0 ? "" : ", with \(marks) mark\(marks == 1 ? "" : "s") on assessments both classes have"
        context.output.write("Moved \(names) to \(VisibleText.of(className))\(brought).\n")
    }
}
