import RosterKit

/// `roster groups (--size <n> | --count <n>) [--balance score|grade|age] [--apart <students>]...
/// [--skip <student>]... [--include-absent] [--ignore-history] [--format table|json|csv|html] [--output <file>]`
enum GroupsCommand: Subcommand {
    static let name = "groups"
    static let spec = CommandSpec(
        name: name,
        abstract: "Split the class into groups, keeping apart who must be and mixing recent partners.",
        discussion:
            "Give --size (groups of that many; students left over join some groups, one each) or --count "
            + "(that many groups). --balance keeps each group's mean near the class's; --apart keeps the "
            + "students it names, separated by commas, in different groups this time, and 'roster apart' every "
            + "time. Students together in the last five groupings are kept apart as far as the rules allow; "
            + "students absent in today's register are left out unless --include-absent. Random within those "
            + "rules; ROSTER_SEED=<n> repeats it.",
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
            OptionSpec(name: "include-absent", help: "Group also students absent in today's register."),
            OptionSpec(name: "ignore-history", help: "Forget the recent groupings: any partners may meet."),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the groups.",
                choices: ["table", "json", "csv", "html"], defaultValue: "table"),
            PageOutput.option,
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let format = parsed.values["format"] ?? "table"
        try PageOutput.check(parsed, isHTML: format == "html")
        let sizing = try sizing(from: parsed)
        let apart = parsed.studentLists("apart")
        let balance = parsed.values["balance"].flatMap(GroupMaker.Balance.init(rawValue:))
        var random = try RandomSource(environment: context.environment)
        let made = try ClassGroups.make(
            sizing, balance: balance, apart: apart, skipping: parsed.allValues["skip"] ?? [],
            includeAbsent: parsed.has("include-absent"), ignoreHistory: parsed.has("ignore-history"),
            at: context.fileURL, using: &random)
        AttendanceText.noteLeftOut(made.leftOut, context)
        if made.balanceIgnored, let balance {
            context.errorOutput.write(
                "Note: no student has a \(balance.rawValue), so the groups are not balanced by it.\n")
        }
        guard format == "html" else { return context.output.write(try render(made.groups, format: format)) }
        let page = HTMLPage(
            today: made.groups.count == 1 ? "1 group" : "\(made.groups.count) groups", for: context)
        try PageOutput.write(page.document(page.groups(made.groups)), about: "the groups", parsed, context)
    }

    private static func sizing(from parsed: ParsedCommand) throws -> GroupMaker.Sizing {
        switch (try parsed.positiveNumber("size", in: spec), try parsed.positiveNumber("count", in: spec)) {
        case (let size?, nil): return .size(size)
        case (nil, let count?): return .count(count)
        default: throw UsageError.message("Give either --size <n> or --count <n>, one of them.")
        }
    }

    /// A student of a group, as `groups --format json` writes them.
    private struct Member: Encodable {
        let id: String
        let name: String
        let age: Int
        let grade: Int?
        let score: Double?
    }

    private static func render(_ groups: [[Student]], format: String) throws -> String {
        switch format {
        case "json":
            return try JSONReport.text(
                groups.map { group in
                    group.map {
                        Member(
                            id: $0.id.uuidString, name: $0.name, age: $0.age, grade: $0.grade, score: $0.score
                        )
                    }
                })
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
