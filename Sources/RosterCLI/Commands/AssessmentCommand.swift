import RosterKit

/// `roster assessment add|list|edit|rename|remove`
struct AssessmentCommand: Subcommand {
    static let name = "assessment"
    static let abstract = "Add, list, change, rename or remove the assessments of the markbook."
    static let discussion: String? =
        "'assessment add \"Quiz 1\" --out-of 10 --category Quizzes' adds one (a new category is made "
        + "without a weight); '--from-score' turns every student's score into marks on it. "
        + "'assessment edit <name>' changes --out-of, --category, --date or --term; "
        + "'assessment rename <old> <new>' keeps its marks; 'assessment remove <name>' removes it with its "
        + "marks (asks at a terminal, else needs --yes). An assessment is found by its name ignoring case "
        + "and accents, the start of it, or its initials and number (q2 for Quiz 2)."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "action", help: "add <name>, list, edit <name>, rename <old> <new> or remove <name>.",
                verbs: [
                    .init(word: "add"), .init(word: "list"), .init(word: "edit", follows: .assessments),
                    .init(word: "rename", follows: .assessments),
                    .init(word: "remove", follows: .assessments),
                ]), \.action, parse: Action.init(words:)),
        .option(
            "out-of", \.outOf, valueName: "points", help: "The most points a student can get, such as 10.",
            parse: .text),
        .option("category", \.category, valueName: "name", help: "The category it counts in.", parse: .text),
        .option(
            "date", \.date, valueName: "day",
            help:
                "The day it is due (YYYY-MM-DD, today or a weekday); a projected result counts it once passed.",
            parse: .text),
        .option(
            "term", \.term, valueName: "name", help: "The term it belongs to, such as Autumn.", parse: .text),
        .flag(
            "from-score", \.fromScore, help: "Turn every student's score into a mark on the new assessment."),
        .format(\.format, [.table, .json], help: "How to print the list."),
        .flag("yes", \.yes, help: "Remove without asking."),
    ]

    var action: Action?
    var outOf: String?
    var category: String?
    var date: String?
    var term: String?
    var fromScore = false
    var format: OutputFormat?
    var yes = false

    /// What `assessment` is asked to do; without words, to list the assessments.
    enum Action: Equatable {
        case add(String)
        case list
        case edit(String)
        case rename(String, to: String)
        case remove(String)

        /// How many names each action takes.
        private static let nameCounts = ["add": 1, "list": 0, "edit": 1, "rename": 2, "remove": 1]

        /// The action the words after `assessment` name, checked as they are parsed.
        init(words: [String]) throws {
            let verb = words.first ?? ""
            guard let count = Self.nameCounts[verb] else {
                throw UsageError.message(
                    "'\(verb)' is not an assessment action: use add, list, edit, rename or remove.")
            }
            guard words.count - 1 == count else {
                throw UsageError.message(
                    "assessment \(verb) takes \(count == 0 ? "no name" : count == 1 ? "one name" : "an old and a new name"); "
                        + "put a name with spaces in quotes.")
            }
            switch verb {
            case "add": self = .add(words[1])
            case "edit": self = .edit(words[1])
            case "rename": self = .rename(words[1], to: words[2])
            case "remove": self = .remove(words[1])
            default: self = .list
            }
        }
    }

    func validate() throws {
        let action = action ?? .list
        if case .add = action, outOf == nil {
            throw UsageError.message("assessment add needs --out-of <points>.")
        }
        let details = [("--out-of", outOf), ("--category", category), ("--date", date), ("--term", term)]
        switch action {
        case .add: break
        case .edit:
            if details.allSatisfy({ $0.1 == nil }) {
                throw UsageError.message("assessment edit needs --out-of, --category, --date or --term.")
            }
        default:
            if let given = details.first(where: { $0.1 != nil }) {
                throw UsageError.message("\(given.0) is for 'assessment add' and 'assessment edit'; drop it.")
            }
        }
        if fromScore {
            guard case .add = action else {
                throw UsageError.message("--from-score is for 'assessment add'; drop it.")
            }
        }
        if format != nil, action != .list {
            throw UsageError.message("--format is for 'assessment list'; drop it.")
        }
        if yes {
            guard case .remove = action else {
                throw UsageError.message("--yes confirms 'assessment remove'; drop it.")
            }
        }
    }

    func run(in context: CommandContext) throws {
        switch action ?? .list {
        case .add(let name): try add(name, context)
        case .edit(let name): try edit(name, context)
        case .rename(let name, let newName):
            let (old, new) = try ClassroomIntents.renameAssessment(name, to: newName, at: context.fileURL)
            context.saved.record("Assessment \(old.name) was renamed")
            context.output.write(
                "Renamed assessment \(VisibleText.of(old.name)) to \(VisibleText.of(new.name)).\n")
        case .remove(let name): try remove(name, context)
        case .list: try MarkbookText.listAssessments(format: format ?? .table, context)
        }
    }

    private func add(_ name: String, _ context: CommandContext) throws {
        let assessment = Assessment(
            name: name, outOf: try ClassroomIntents.maximum(outOf ?? ""), category: category,
            date: try date.map(MarkbookText.day), term: term)
        let (added, madeCategory) = try ClassroomIntents.addAssessment(
            assessment, fromScore: fromScore, at: context.fileURL)
        context.saved.record("Assessment \(added.name) was added")
        context.output.write("Added assessment \(MarkbookText.describe(added)).\n")
        if madeCategory, let name = added.category {
            context.errorOutput.write(
                "Note: made the category \(VisibleText.of(name)), without a weight; "
                    + "'roster category set \"\(VisibleText.of(name))\" --weight <w>' gives it one.\n")
        }
    }

    private func edit(_ name: String, _ context: CommandContext) throws {
        let edited = try ClassroomIntents.editAssessment(
            name, outOf: try outOf.map(ClassroomIntents.maximum), category: category,
            date: try date.map(MarkbookText.day), term: term, at: context.fileURL)
        context.saved.record("Assessment \(edited.name) was changed")
        context.output.write("Changed assessment \(MarkbookText.describe(edited)).\n")
    }

    private func remove(_ name: String, _ context: CommandContext) throws {
        let (assessment, marks) = try ClassroomIntents.assessmentAndMarks(name, at: context.fileURL)
        if marks > 0, !yes {
            guard context.input.isTerminal else {
                throw UsageError.message(
                    "assessment remove needs --yes to confirm when it is not run at a terminal: "
                        + "\(marks) mark\(marks == 1 ? "" : "s") would go.")
            }
            guard
                context.confirm(
                    "Remove \(VisibleText.of(assessment.name)) and its \(marks) mark\(marks == 1 ? "" : "s") ('roster undo' brings them back)?"
                )
            else {
                context.output.write("Nothing was removed.\n")
                return
            }
        }
        let (removed, count) = try ClassroomIntents.removeAssessment(assessment.name, at: context.fileURL)
        context.saved.record("Assessment \(removed.name) was removed")
        context.output.write(
            "Removed assessment \(VisibleText.of(removed.name))"
                + (count == 0 ? ".\n" : " and its \(count) mark\(count == 1 ? "" : "s").\n"))
    }
}
