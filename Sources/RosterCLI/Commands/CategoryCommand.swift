import RosterKit

/// `roster category set|list|remove`
struct CategoryCommand: Subcommand {
    static let name = "category"
    static let abstract = "Set, list or remove the categories assessments count in, with weights and drops."
    static let discussion: String? =
        "'category set Homework --weight 30 --drop-lowest 1' makes or changes a category ('--weight none' "
        + "takes its weight away). When some category has a weight, the overall result is "
        + "Σ(weight × category result) / Σ(weight) over the weighted categories with a counted mark, and "
        + "assessments in no weighted category do not count; weights need not add up to 100. Without "
        + "weights it is all points over all maximums. A category that drops its n lowest drops the marks "
        + "whose removal leaves its result highest, never its last mark."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "action", help: "set <name>, list or remove <name>.",
                verbs: [
                    .init(word: "set", follows: .categories), .init(word: "list"),
                    .init(word: "remove", follows: .categories),
                ]), \.action),
        .option(
            "weight", \.weight, valueName: "w",
            help: "Its weight in the overall result, such as 30, or none.",
            parse: .text),
        .option(
            "drop-lowest", \.dropLowest, valueName: "n", help: "How many of its marks to drop, such as 1.",
            parse: .text),
        .format(\.format, [.table, .json], help: "How to print the list."),
    ]

    var action: [String] = []
    var weight: String?
    var dropLowest: String?
    var format: OutputFormat?

    private var verb: String { action.first ?? "list" }

    func validate() throws {
        let counts = ["set": 1, "list": 0, "remove": 1]
        guard let count = counts[verb] else {
            throw UsageError.message(
                "'\(VisibleText.of(verb))' is not a category action: use set, list or remove.")
        }
        guard action.count - 1 == count else {
            throw UsageError.message(
                "category \(verb) takes \(count == 0 ? "no name" : "one name"); put a name with spaces in quotes."
            )
        }
        if verb != "set", weight != nil || dropLowest != nil {
            throw UsageError.message(
                "\(weight != nil ? "--weight" : "--drop-lowest") is for 'category set'; drop it.")
        }
        if format != nil, verb != "list" {
            throw UsageError.message("--format is for 'category list'; drop it.")
        }
        if let dropLowest, !(Int(dropLowest).map { (0...100).contains($0) } ?? false) {
            throw UsageError.invalidValue(
                VisibleText.of(dropLowest), label: "--drop-lowest <n>",
                reason: "Use a whole number from 0 to 100.")
        }
    }

    func run(in context: CommandContext) throws {
        switch verb {
        case "set":
            let weight: Fraction?? = try self.weight.map {
                $0 == "none" ? .none : try ClassroomIntents.weight($0)
            }
            let category = try ClassroomIntents.setCategory(
                action[1], weight: weight, dropLowest: dropLowest.flatMap { Int($0) }, at: context.fileURL)
            context.saved.record("Category \(category.name) was set")
            context.output.write("Set category \(MarkbookText.describe(category)).\n")
        case "remove":
            try ClassroomIntents.removeCategory(action[1], at: context.fileURL)
            context.saved.record("Category \(action[1]) was removed")
            context.output.write(
                "Removed category \(VisibleText.of(action[1])); its assessments are in no category now.\n")
        default: try list(context)
        }
    }

    private func list(_ context: CommandContext) throws {
        let book = try StorageHandler.loadMarkbook(from: context.fileURL).markbook
        if format == .json {
            struct Row: Encodable {
                let name: String
                let weight: Nullable<String>
                let dropLowest: Int
                let assessments: Int
            }
            context.output.write(
                try JSONReport.text(
                    book.categories.map { category in
                        Row(
                            name: category.name, weight: Nullable(category.weight?.description),
                            dropLowest: category.dropLowest,
                            assessments: book.assessments.filter { $0.category == category.name }.count)
                    }))
            return
        }
        guard !book.categories.isEmpty else {
            context.output.write(
                "No categories yet. Make one with: roster category set Homework --weight 30\n")
            return
        }
        let rows = book.categories.map { category in
            [
                VisibleText.of(category.name), category.weight?.description ?? "-", "\(category.dropLowest)",
                "\(book.assessments.filter { $0.category == category.name }.count)",
            ]
        }
        context.output.write(
            MarkbookText.table(["CATEGORY", "WEIGHT", "DROPS", "ASSESSMENTS"], rows, width: context.width))
        if let note = MarkbookText.weightsNote(book) { context.errorOutput.write("Note: \(note)\n") }
    }
}
