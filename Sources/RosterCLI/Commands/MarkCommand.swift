import RosterKit

/// `roster mark <assessment> <student> <value> [<student> <value>]...`
struct MarkCommand: Subcommand {
    static let name = "mark"
    static let abstract = "Give students marks on an assessment."
    static let discussion: String? =
        "A value is points (8, 8.5 or 8,5), points out of the maximum (8/10), a percentage (80%), ex or "
        + "excused (left out of the points and the maximum), missing (counts 0), or - to clear it (blank: "
        + "not marked yet). 'roster mark \"Quiz 1\" ada 8 alan 7/10' gives two marks in one change, which "
        + "'roster undo' takes back whole; nothing is written when one value cannot be given. "
        + "'roster mark \"Quiz 1\" --take' goes down the class at a terminal: a mark and Enter, Enter alone "
        + "keeps the mark, x excused, m missing, - clears, b back, q stop; Ctrl-C records nothing."
    static let fields: [CommandField<Self>] = [
        .argument(
            ArgumentSpec(name: "assessment", help: "The assessment, by name, its start or initials (q2)."),
            \.assessment),
        .arguments(
            ArgumentSpec(
                name: "student value", help: "A student (name, words or id) and their mark.",
                isOptional: true,
                replacedBy: ["take"]),
            \.pairs, position: 1),
        .flag("take", \.take, help: "Ask for each student's mark in turn, at a terminal."),
        .flag("left", \.pastRecord, help: ArgumentSpec.pastRecordHelp),
    ]

    var assessment = ""
    var pairs: [String] = []
    var take = false
    var pastRecord = false

    func validate() throws {
        if take {
            guard pairs.isEmpty else {
                throw UsageError.message(
                    "--take asks for every student's mark; give the students' marks or --take, not both.")
            }
            return
        }
        guard !pairs.isEmpty, pairs.count.isMultiple(of: 2) else {
            throw UsageError.message(
                pairs.isEmpty
                    ? "mark needs a student and a value, such as: roster mark \"Quiz 1\" ada 8"
                    : "'\(VisibleText.of(pairs.last ?? ""))' has no value; give each student a value, such as: ada 8"
            )
        }
    }

    func run(in context: CommandContext) throws {
        if take { return try MarkTaking.take(assessment, context) }
        let entries = stride(from: 0, to: pairs.count, by: 2).map { index in
            ClassroomIntents.MarkEntry(
                student: pairs[index], value: pairs[index + 1] == "-" ? nil : pairs[index + 1])
        }
        let (assessment, changes) = try ClassroomIntents.mark(
            self.assessment, entries, pastRecord: pastRecord, at: context.fileURL)
        context.saved.record(
            "The marks on \(assessment.name) for \(NameList.joined(changes.map(\.student.name))) were saved"
        )
        context.output.write(
            changes.map {
                MarkbookText.change(on: assessment, of: $0.student.name, from: $0.before, to: $0.after)
            }.joined())
    }
}
