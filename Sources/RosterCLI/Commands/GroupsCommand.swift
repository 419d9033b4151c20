import RosterKit

/// `roster groups (--size <n> | --count <n>) [--balance score|grade|age] [--apart <students>]...
/// [--skip <student>]... [--format table|json|csv]`
enum GroupsCommand: Subcommand {
    static let name = "groups"
    static let spec = CommandSpec(
        name: name,
        abstract: "Split the class into groups whose sizes differ by at most one.",
        discussion:
            "Give --size (groups of at most that many) or --count (that many groups). --balance makes the "
            + "groups' means as close as a snake draft gets them; --apart keeps the students it names, "
            + "separated by commas, in different groups. Random within those rules; ROSTER_SEED=<n> repeats it.",
        options: [
            OptionSpec(name: "size", valueName: "n", help: "The most students in a group."),
            OptionSpec(name: "count", valueName: "n", help: "How many groups to make."),
            OptionSpec(
                name: "balance", valueName: "field", help: "Share out this field's values evenly.",
                choices: GroupMaker.Balance.allCases.map(\.rawValue)),
            OptionSpec(
                name: "apart", valueName: "students",
                help: "Students to keep in different groups, separated by commas; repeat for more."),
            OptionSpec(
                name: "skip", valueName: "student", help: "A student to leave out today; repeat for more."),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the groups.",
                choices: ["table", "json", "csv"], defaultValue: "table"),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let sizing = try sizing(from: parsed)
        let students = try context.loadedStudents()
        let find = { (reference: String) in students[try RosterLookup.index(of: reference, in: students)].id }
        let skipped = Set(try (parsed.allValues["skip"] ?? []).map(find))
        let apart = try (parsed.allValues["apart"] ?? []).map { list in
            try list.split(separator: ",").map { try find(String($0)) }
        }
        var random = try RandomSource(environment: context.environment)
        let groups = try GroupMaker.groups(
            of: students.filter { !skipped.contains($0.id) }, sizing: sizing,
            balance: parsed.values["balance"].flatMap(GroupMaker.Balance.init(rawValue:)), apart: apart,
            using: &random)
        context.output.write(render(groups, format: parsed.values["format"] ?? "table"))
    }

    private static func sizing(from parsed: ParsedCommand) throws -> GroupMaker.Sizing {
        switch (try parsed.positiveNumber("size", in: spec), try parsed.positiveNumber("count", in: spec)) {
        case (let size?, nil): return .size(size)
        case (nil, let count?): return .count(count)
        default: throw UsageError.message("Give either --size <n> or --count <n>, one of them.")
        }
    }

    private static func render(_ groups: [[Student]], format: String) -> String {
        switch format {
        case "json":
            let arrays = groups.map {
                JSONRosterWriter.array($0).split(separator: "\n").joined(separator: "\n  ")
            }
            return "[\n  " + arrays.joined(separator: ",\n  ") + "\n]\n"
        case "csv":
            let rows = groups.enumerated().flatMap { number, group in
                CSVRosterWriter.text(for: group).split(separator: "\r\n").dropFirst().map {
                    "\(number + 1),\($0)\r\n"
                }
            }
            return "group," + CSVRosterWriter.columns.joined(separator: ",") + "\r\n" + rows.joined()
        default:
            return groups.enumerated().map { number, group in
                "Group \(number + 1): " + group.map { VisibleText.of($0.name) }.joined(separator: ", ") + "\n"
            }.joined()
        }
    }
}
