import RosterKit

/// `roster scale set|show|clear`
struct ScaleCommand: Subcommand {
    static let name = "scale"
    static let abstract = "Set, show or clear the letters overall results are given."
    static let discussion: String? =
        "'scale set \"A:90 B:80 C:70 D:60 E:0\"' gives each letter from its lower bound up; one letter "
        + "starts at 0. A result is given its letter once rounded to two decimals, so 79.995 is a B. "
        + "Without a scale, results are percentages only."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "action", help: "set <letters>, show or clear.",
                verbs: [.init(word: "set"), .init(word: "show"), .init(word: "clear")]), \.action)
    ]

    var action: [String] = []

    private var verb: String { action.first ?? "show" }

    func validate() throws {
        guard ["set", "show", "clear"].contains(verb) else {
            throw UsageError.message(
                "'\(VisibleText.of(verb))' is not a scale action: use set, show or clear.")
        }
        guard verb == "set" ? action.count >= 2 : action.count == 1 else {
            throw UsageError.message(
                verb == "set"
                    ? "scale set needs the letters, such as \"A:90 B:80 C:70 D:60 E:0\"."
                    : "scale \(verb) takes nothing more.")
        }
    }

    func run(in context: CommandContext) throws {
        switch verb {
        case "set":
            let scale = try LetterScale(parsing: action.dropFirst().joined(separator: " "))
            try ClassroomIntents.setScale(scale, at: context.fileURL)
            context.saved.record("The scale was set")
            context.output.write("Set the scale: \(VisibleText.of(scale.text)).\n")
        case "clear":
            try ClassroomIntents.setScale(nil, at: context.fileURL)
            context.saved.record("The scale was cleared")
            context.output.write("Cleared the scale: results are percentages only.\n")
        default:
            let scale = try StorageHandler.loadMarkbook(from: context.fileURL).markbook.scale
            context.output.write(
                scale.map { VisibleText.of($0.text) + "\n" }
                    ?? "No scale: results are percentages only. Set one with: roster scale set \"A:90 B:80 C:70 D:60 E:0\"\n"
            )
        }
    }
}
