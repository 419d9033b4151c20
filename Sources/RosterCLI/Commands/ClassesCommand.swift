import RosterEngine
import RosterKit

/// `roster classes [--format table|json]`, `roster classes rename <old> <new>`,
/// `roster classes delete <name> [--yes]`, `roster classes restore <name>`
struct ClassesCommand: Subcommand {
    static let name = "classes"
    static let usesRoster = false
    static let abstract = "List, rename, delete or restore the classes kept with --class."
    static let discussion: String? =
        "Each class is a roster of its own, ~/Documents/Classes/<name>.plist; '--class 7A' (or "
        + "ROSTER_CLASS=7A) makes any command work on it. 'classes rename 7A 8A' renames a class with its "
        + "history; 'classes delete 7A' (asks at a terminal, else needs --yes) sets it aside with its history, "
        + "and 'classes restore 7A' brings the last deleted 7A back."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "action",
                help: "rename <old> <new>, delete <name> or restore <name>; none lists the classes.",
                isOptional: true,
                verbs: [
                    .init(word: "rename", follows: .classes), .init(word: "delete", follows: .classes),
                    .init(word: "restore", follows: .deletedClasses),
                ]
            ), \.action, parse: ClassAction.init(words:)),
        .format(\.format, [.table, .json], help: "How to print the classes."),
        .flag("yes", \.yes, help: "Delete without asking."),
    ]

    var action: ClassAction?
    var format: OutputFormat?
    var yes = false

    func validate() throws {
        if action != nil, format != nil {
            throw UsageError.message("--format is for the list of classes; drop it, or the action.")
        }
        if yes {
            guard case .delete? = action else {
                throw UsageError.message("--yes confirms 'classes delete'; drop --yes.")
            }
        }
    }

    func run(in context: CommandContext) throws {
        let folder = ClassFolder(environment: context.environment)
        try folder.finishInterruptedChanges()
        if let action { return try action.run(confirmed: yes, context) }
        let names = folder.names
        let counts = names.map { name in
            try? StorageHandler.load(from: folder.url.appendingPathComponent(name + ".plist")).count
        }
        if format == .json {
            struct Row: Encodable {
                let `class`: String
                let students: Nullable<Int>
            }
            context.output.write(
                try JSONReport.text(zip(names, counts).map { Row(class: $0, students: Nullable($1)) }))
            return
        }
        guard !names.isEmpty else {
            context.output.write(
                "No classes yet in \(folder.url.path). Start one with: roster --class 7A add \"Ada Lovelace\" --age 12\n"
            )
            return
        }
        let width = max(5, names.map { DisplayWidth.of(VisibleText.of($0)) }.max() ?? 0)
        var text = DisplayWidth.padded("CLASS", to: width) + "  STUDENTS\n"
        for (name, count) in zip(names, counts) {
            text +=
                DisplayWidth.padded(VisibleText.of(name), to: width) + "  "
                + (count.map { String($0) } ?? "damaged") + "\n"
        }
        context.output.write(text)
    }
}
