/// `roster path`
enum PathCommand: Subcommand {
    static let name = "path"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print the path of the roster file.",
        discussion: "The file is --file if given, else --class <name> (or $ROSTER_CLASS), which is "
            + "~/Documents/Classes/<name>.plist, else $ROSTER_FILE, else students.plist in ~/Documents.")

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        context.output.write(context.fileURL.path + "\n")
    }
}
