/// `roster path`
struct PathCommand: Subcommand {
    static let name = "path"
    static let abstract = "Print the path of the roster file."
    static let discussion: String? =
        "The file is --file if given, else --class <name> (or $ROSTER_CLASS), which is "
        + "~/Documents/Classes/<name>.plist, else $ROSTER_FILE, else students.plist in ~/Documents."

    func run(in context: CommandContext) throws {
        context.output.write(context.fileURL.path + "\n")
    }
}
