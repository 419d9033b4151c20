import RosterEngine
import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster classes [--format table|json]`, `roster classes rename <old> <new>`,
/// `roster classes delete <name> [--yes]`, `roster classes restore <name>`
enum ClassesCommand: Subcommand {
    static let name = "classes"
    static let spec = CommandSpec(
        name: name,
        abstract: "List, rename, delete or restore the classes kept with --class.",
        discussion: "Each class is a roster of its own, ~/Documents/Classes/<name>.plist; '--class 7A' (or "
            + "ROSTER_CLASS=7A) makes any command work on it. 'classes rename 7A 8A' renames a class with its "
            + "history; 'classes delete 7A' (asks at a terminal, else needs --yes) sets it aside with its history, "
            + "and 'classes restore 7A' brings the last deleted 7A back.",
        arguments: [
            ArgumentSpec(
                name: "action",
                help: "rename <old> <new>, delete <name> or restore <name>; none lists the classes.",
                isRepeated: true, isOptional: true)
        ],
        options: [
            .tableOrJSON("How to print the classes."),
            OptionSpec(name: "yes", help: "Delete without asking."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        if let action = parsed.positionals.first {
            return try ClassActions.run(action, Array(parsed.positionals.dropFirst()), parsed, context)
        }
        let folder = RosterFileLocation.classesFolder(environment: context.environment)
        let names = RosterFileLocation.classNames(environment: context.environment)
        let counts = names.map { name in
            try? StorageHandler.load(from: folder.appendingPathComponent(name + ".plist")).count
        }
        if parsed.values["format"] == "json" {
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
                "No classes yet in \(folder.path). Start one with: roster --class 7A add \"Ada Lovelace\" --age 12\n"
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
