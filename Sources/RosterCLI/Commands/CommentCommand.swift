import RosterKit

/// `roster comment <student> <number> | --text "…" | --clear | --suggest`
struct CommentCommand: Subcommand {
    static let name = "comment"
    static let abstract = "Choose a student's report comment from the bank, or write one."
    static let discussion: String? =
        "'roster comment ada 3' gives Ada comment 3 of the bank ('roster comments list'); --text \"…\" gives "
        + "her a comment of her own, with the same placeholders; --clear takes hers away. Each is one undo "
        + "step. --suggest lists the bank's comments that fit her: those whose condition she meets, then "
        + "those without one, each as her report would read it."
    static let fields: [CommandField<Self>] = [
        .argument(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.student),
        .argument(
            ArgumentSpec(
                name: "number", help: "The number of a comment of the bank.", isOptional: true,
                replacedBy: ["text", "clear", "suggest"]), \.number, position: 1),
        .option("text", \.text, valueName: "comment", help: "A comment of the student's own.", parse: .text),
        .flag("clear", \.clear, help: "Take the student's comment away."),
        .flag("suggest", \.suggest, help: "List the bank's comments that fit the student."),
    ]

    var student = ""
    var number: String?
    var text: String?
    var clear = false
    var suggest = false

    func validate() throws {
        let given = [number != nil, text != nil, clear, suggest].filter { $0 }.count
        guard given == 1 else {
            throw UsageError.message(
                given == 0
                    ? "comment needs a comment's number, --text, --clear or --suggest."
                    : "Give one of a comment's number, --text, --clear and --suggest.")
        }
        if let number, (Int(number) ?? 0) < 1 {
            throw UsageError.invalidValue(
                number, label: "<number>",
                reason: "Give the number of a comment, as 'roster comments list' shows it.")
        }
    }

    func run(in context: CommandContext) throws {
        if suggest { return try suggestions(context) }
        let (student, comment) = try ClassroomIntents.chooseComment(
            for: student, number: number.flatMap { Int($0) }, text: text, at: context.fileURL)
        let name = VisibleText.of(student.name)
        context.saved.record("\(name)'s comment was \(comment == nil ? "cleared" : "chosen")")
        context.output.write(
            comment.map { "\(name)'s comment: \(VisibleText.of($0))\n" } ?? "\(name) has no comment now.\n")
    }

    private func suggestions(_ context: CommandContext) throws {
        let (students, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let chosen = students[try RosterLookup.index(of: student, in: students)]
        let bank = book.comments ?? CommentBank()
        let figures = CommentFigures(of: chosen, calculator: MarkbookCalculator(markbook: book))
        let fitting = bank.fitting(figures)
        guard !fitting.isEmpty else {
            return context.output.write(
                bank.entries.isEmpty
                    ? "The comment bank is empty; 'roster comments add \"…\"' adds one.\n"
                    : "No comment of the bank fits \(VisibleText.of(chosen.name)).\n")
        }
        for number in fitting {
            let entry = bank.entries[number - 1]
            let when = entry.condition.map { " [when \(VisibleText.of($0.text))]" } ?? ""
            context.output.write("\(number). \(VisibleText.of(entry.template.filled(for: chosen)))\(when)\n")
        }
    }
}
