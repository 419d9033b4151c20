import RosterKit

/// `roster comments add|list|edit|remove|limit`: the class's bank of report comments.
struct CommentsCommand: Subcommand {
    static let name = "comments"
    static let abstract = "Add, list, change or remove the comments of the class's report comment bank."
    static let discussion: String? =
        "'comments add \"{They} {is/are} a pleasure to teach.\"' adds one; --when \"result >= 70\" makes it "
        + "suggested for the students it fits (result, attendance, missing, lates or a category's name; "
        + ">=, <=, >, < or =). Placeholders: {first}, {name}, {they}, {them}, {their}, {theirs}, {themself} "
        + "(capitalised as {They}) from the student's pronouns, they/them when none, and verb pairs such as "
        + "{is/are}, {has/have}, {was/were} or {works/work}. 'comments edit 2 \"…\"' changes comment 2 "
        + "(--when \"\" drops its condition), 'comments remove 2' removes it, 'comments limit 400' sets the "
        + "longest a comment may be (limit none goes back to \(CommentTemplate.maximumLength)). Each is one undo step."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "action",
                help: "add <text>, list, edit <number> [<text>], remove <number> or limit <n>.",
                verbs: [
                    .init(word: "add"), .init(word: "list"), .init(word: "edit"), .init(word: "remove"),
                    .init(word: "limit"),
                ]), \.action, parse: Action.init(words:)),
        .option(
            "when", \.condition, valueName: "condition",
            help: "When the comment fits a student, such as \"result >= 70\"; \"\" for always.", parse: .text),
        .format(\.format, [.table, .json], help: "How to print the list."),
    ]

    var action: Action?
    var condition: String?
    var format: OutputFormat?

    /// What `comments` is asked to do; without words, to list the bank.
    enum Action: Equatable {
        case add(String)
        case list
        case edit(Int, String?)
        case remove(Int)
        case limit(Int?)

        /// The action the words after `comments` name, checked as they are parsed.
        init(words: [String]) throws {
            let verb = words.first ?? ""
            let rest = Array(words.dropFirst())
            func number(_ text: String?) throws -> Int {
                guard let text, let number = Int(text), number > 0 else {
                    throw UsageError.message(
                        "comments \(verb) needs a comment's number, as 'roster comments list' shows it.")
                }
                return number
            }
            switch (verb, rest.count) {
            case ("add", 1): self = .add(rest[0])
            case ("list", 0): self = .list
            case ("edit", 1), ("edit", 2): self = .edit(try number(rest[0]), rest.count == 2 ? rest[1] : nil)
            case ("remove", 1): self = .remove(try number(rest[0]))
            case ("limit", 1):
                if rest[0] == "none" {
                    self = .limit(nil)
                } else {
                    guard let limit = Int(rest[0]) else {
                        throw UsageError.message(
                            "comments limit needs a number of characters, such as 400, or none.")
                    }
                    self = .limit(limit)
                }
            case ("add", _), ("list", _), ("edit", _), ("remove", _), ("limit", _):
                throw UsageError.message(
                    "comments \(verb) takes \(["add": "one comment", "list": "nothing", "edit": "a number and perhaps a comment", "remove": "a number", "limit": "a number"][verb] ?? ""); "
                        + "put a comment in quotes.")
            default:
                throw UsageError.message(
                    "'\(VisibleText.of(verb))' is not a comments action: use add, list, edit, remove or limit."
                )
            }
        }
    }

    func validate() throws {
        let action = action ?? .list
        if condition != nil {
            switch action {
            case .add, .edit: break
            default: throw UsageError.message("--when is for 'comments add' and 'comments edit'; drop it.")
            }
        }
        if case .edit(_, nil) = action, condition == nil {
            throw UsageError.message("comments edit needs a new comment, --when, or both.")
        }
        if format != nil, action != .list {
            throw UsageError.message("--format is for 'comments list'; drop it.")
        }
    }

    func run(in context: CommandContext) throws {
        let url = context.fileURL
        switch action ?? .list {
        case .add(let text):
            let number = try ClassroomIntents.addComment(text, when: condition, at: url)
            context.saved.record("Comment \(number) was added")
            context.output.write("Added comment \(number).\n")
        case .edit(let number, let text):
            try ClassroomIntents.editComment(number, text: text, when: condition, at: url)
            context.saved.record("Comment \(number) was changed")
            context.output.write("Changed comment \(number).\n")
        case .remove(let number):
            let removed = try ClassroomIntents.removeComment(number, at: url)
            context.saved.record("Comment \(number) was removed")
            context.output.write("Removed comment \(number): \(VisibleText.of(removed.template.text))\n")
        case .limit(let limit):
            try ClassroomIntents.setCommentLimit(limit, at: url)
            context.saved.record("The comment limit was set")
            context.output.write(
                "Comments may now be \(limit ?? CommentTemplate.maximumLength) characters long at most.\n")
        case .list:
            try list(context)
        }
    }

    private func list(_ context: CommandContext) throws {
        let (_, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let bank = book.comments ?? CommentBank()
        if format == .json {
            let entries = bank.entries.enumerated().map { offset, entry in
                ListedComment(
                    number: offset + 1, text: entry.template.text, when: Nullable(entry.condition?.text))
            }
            return context.output.write(
                try JSONReport.text(ListedBank(limit: bank.effectiveLimit, comments: entries)))
        }
        guard !bank.entries.isEmpty else {
            return context.output.write(
                "The comment bank is empty; 'roster comments add \"{They} {is/are} …\"' adds one.\n")
        }
        for (offset, entry) in bank.entries.enumerated() {
            let when = entry.condition.map { " [when \(VisibleText.of($0.text))]" } ?? ""
            context.output.write("\(offset + 1). \(VisibleText.of(entry.template.text))\(when)\n")
        }
    }
}

/// The bank as `comments list --format json` writes it.
private struct ListedBank: Encodable {
    let limit: Int
    let comments: [ListedComment]
}

/// One comment of the bank, as `comments list --format json` writes it.
private struct ListedComment: Encodable {
    let number: Int
    let text: String
    let when: Nullable<String>
}
