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
                ]), \.action, parse: Action.init(words:)),
        .option(
            "weight", \.weight, valueName: "w",
            help: "Its weight in the overall result, such as 30, or none.",
            parse: .text),
        .option(
            "drop-lowest", \.dropLowest, valueName: "n", help: "How many of its marks to drop, such as 1.",
            parse: .wholeNumber(in: 0...100)),
        .format(\.format, [.table, .json], help: "How to print the list."),
    ]

    var action: Action?
    var weight: String?
    var dropLowest: Int?
    var format: OutputFormat?

    /// What `category` is asked to do; without words, to list the categories.
    enum Action: Equatable {
        case set(String)
        case list
        case remove(String)

        /// How many names each action takes.
        private static let nameCounts = ["set": 1, "list": 0, "remove": 1]

        /// The action the words after `category` name, checked as they are parsed.
        init(words: [String]) throws {
            let verb = words.first ?? ""
            guard let count = Self.nameCounts[verb] else {
                throw UsageError.message("'\(verb)' is not a category action: use set, list or remove.")
            }
            guard words.count - 1 == count else {
                throw UsageError.message(
                    "category \(verb) takes \(count == 0 ? "no name" : "one name"); put a name with spaces in quotes."
                )
            }
            switch verb {
            case "set": self = .set(words[1])
            case "remove": self = .remove(words[1])
            default: self = .list
            }
        }
    }

    func validate() throws {
        if weight != nil || dropLowest != nil {
            guard case .set = action else {
                throw UsageError.message(
                    "\(weight != nil ? "--weight" : "--drop-lowest") is for 'category set'; drop it.")
            }
        }
        if format != nil, (action ?? .list) != .list {
            throw UsageError.message("--format is for 'category list'; drop it.")
        }
    }

    func run(in context: CommandContext) throws {
        switch action ?? .list {
        case .set(let name):
            let weight: Fraction?? = try self.weight.map {
                $0 == "none" ? .none : try ClassroomIntents.weight($0)
            }
            let category = try ClassroomIntents.setCategory(
                name, weight: weight, dropLowest: dropLowest, at: context.fileURL)
            context.saved.record("Category \(category.name) was set")
            context.output.write("Set category \(MarkbookText.describe(category)).\n")
        case .remove(let name):
            try ClassroomIntents.removeCategory(name, at: context.fileURL)
            context.saved.record("Category \(name) was removed")
            context.output.write(
                "Removed category \(VisibleText.of(name)); its assessments are in no category now.\n")
        case .list: try list(context)
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
