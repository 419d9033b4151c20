import RosterEngine
import RosterKit

/// `roster apart <student> <student>... | --list | --clear`
struct ApartCommand: Subcommand {
    static let name = "apart"
    static let abstract = "Keep students apart in every later 'roster groups' of the class."
    static let discussion: String? =
        "Name two or more students to keep them in different groups from now on. The sets are "
        + "kept beside the roster; --list shows them and --clear forgets them all."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(name: "student", help: "A student, by name, words or id.", isOptional: true),
            \.students),
        .flag("list", \.list, help: "Show the students kept apart."),
        .flag("clear", \.clear, help: "Forget every set of students kept apart."),
    ]

    var students: [String] = []
    var list = false
    var clear = false

    func validate() throws {
        switch (list, clear, students.count) {
        case (true, false, 0), (false, true, 0), (false, false, 2...): return
        default:
            throw UsageError.message(
                "Name two or more students to keep apart, or give --list or --clear alone.")
        }
    }

    func run(in context: CommandContext) throws {
        switch (list, clear, students.count) {
        case (true, false, 0):
            let sets = try ClassGroups.apartSets(at: context.fileURL)
            guard !sets.isEmpty else { return context.output.write("No students are kept apart.\n") }
            for set in sets {
                context.output.write(
                    WordWrap.wrapped(Self.names(set, keptTogether: true), width: context.wrapWidth, indent: 2)
                        + "\n")
            }
        case (false, true, 0):
            let count = try ClassroomIntents.clearApart(at: context.fileURL)
            context.output.write(
                count == 0
                    ? "No students were kept apart.\n"
                    : "Forgot \(count) set\(count == 1 ? "" : "s") kept apart.\n")
        case (false, false, 2...):
            let kept = try ClassroomIntents.keepApart(students, at: context.fileURL)
            guard kept.count > 1 else {
                throw UsageError.message(
                    "Those all name \(Self.names(kept)); name two or more different students.")
            }
            context.output.write(
                WordWrap.wrapped(
                    "Keeping apart in every grouping: \(Self.names(kept, keptTogether: true)).",
                    width: context.wrapWidth,
                    indent: 2)
                    + "\n")
        default: return  // validate() has refused every other combination
        }
    }

    /// The students' names as a list; `keptTogether` for a list to wrap, each name on one line.
    private static func names(_ students: [Student], keptTogether: Bool = false) -> String {
        NameList.joined(
            students.map {
                keptTogether ? WordWrap.keptTogether(VisibleText.of($0.name)) : VisibleText.of($0.name)
            })
    }
}
