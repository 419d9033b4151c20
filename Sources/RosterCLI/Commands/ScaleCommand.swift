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
                verbs: [.init(word: "set"), .init(word: "show"), .init(word: "clear")]), \.action,
            parse: Action.init(words:))
    ]

    var action: Action?

    /// What `scale` is asked to do; without words, to show the scale.
    enum Action: Equatable {
        /// Set the letters, read from the words after `set` joined by spaces.
        case set(LetterScale)
        case show
        case clear

        /// The action the words after `scale` name, checked as they are parsed.
        init(words: [String]) throws {
            switch (words.first, words.count) {
            case ("set", 2...):
                do {
                    self = .set(try LetterScale(parsing: words.dropFirst().joined(separator: " ")))
                } catch {
                    // A scale that cannot be read is a command line that cannot be used.
                    throw UsageError.message("\(error) " + (ErrorAdvice.advice(for: error) ?? ""))
                }
            case ("set", _):
                throw UsageError.message("scale set needs the letters, such as \"A:90 B:80 C:70 D:60 E:0\".")
            case ("show", 1): self = .show
            case ("clear", 1): self = .clear
            case ("show", _), ("clear", _): throw UsageError.message("scale \(words[0]) takes nothing more.")
            default:
                throw UsageError.message(
                    "'\(words.first ?? "")' is not a scale action: use set, show or clear.")
            }
        }
    }

    func run(in context: CommandContext) throws {
        switch action ?? .show {
        case .set(let scale):
            try ClassroomIntents.setScale(scale, at: context.fileURL)
            context.saved.record("The scale was set")
            context.output.write("Set the scale: \(VisibleText.of(scale.text)).\n")
        case .clear:
            try ClassroomIntents.setScale(nil, at: context.fileURL)
            context.saved.record("The scale was cleared")
            context.output.write("Cleared the scale: results are percentages only.\n")
        case .show:
            let scale = try StorageHandler.loadMarkbook(from: context.fileURL).markbook.scale
            context.output.write(
                scale.map { VisibleText.of($0.text) + "\n" }
                    ?? "No scale: results are percentages only. Set one with: roster scale set \"A:90 B:80 C:70 D:60 E:0\"\n"
            )
        }
    }
}
