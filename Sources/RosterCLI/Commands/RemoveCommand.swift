import RosterKit

/// `roster remove <student> ...`
enum RemoveCommand: Subcommand {
    static let name = "remove"
    static let spec = CommandSpec(
        name: name,
        abstract: "Remove students from the roster.",
        discussion: "Removes all the students named, or none of them if one cannot be found.",
        arguments: [
            ArgumentSpec(
                name: "student",
                help:
                    "A name or its words (a first name will do), a full id, or an id prefix of 4 or more characters.",
                isRepeated: true)
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let removed = try ClassroomIntents.remove(parsed.positionals, at: context.fileURL)
        context.saved.record("The removal of \(StudentText.count(removed.count)) was saved")
        let names = removed.map { VisibleText.of($0.name) }.joined(separator: ", ")
        context.output.write("Removed \(StudentText.count(removed.count)): \(names).\n")
    }
}
