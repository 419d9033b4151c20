import RosterKit

/// `roster groups (--size <n> | --count <n>) [--balance score|grade|age] [--apart <students>]...
/// [--skip <student>]... [--include-absent] [--ignore-history] [--format table|json|csv|html] [--output <file>]`
struct GroupsCommand: Subcommand {
    static let name = "groups"
    static let abstract = "Split the class into groups, keeping apart who must be and mixing recent partners."
    static let discussion: String? =
        "Give --size (groups of that many; students left over join some groups, one each) or --count "
        + "(that many groups). --balance keeps each group's mean near the class's; --apart keeps the "
        + "students it names, separated by commas, in different groups this time, and 'roster apart' every "
        + "time. Students together in the last five groupings are kept apart as far as the rules allow; "
        + "students absent in today's register are left out unless --include-absent. Random within those "
        + "rules; ROSTER_SEED=<n> repeats it."
    static let fields: [CommandField<Self>] = [
        .option(
            "size", \.size, valueName: "n", help: "The most students in a group.", parse: .positiveNumber),
        .option("count", \.count, valueName: "n", help: "How many groups to make.", parse: .positiveNumber),
        .option(
            "balance", \.balance, valueName: "field",
            help: "Share out this field's values evenly; result is the overall result in the markbook.",
            parse: .choice()),
        .repeated(
            "apart", \.apart, valueName: "students",
            help: "Students to keep in different groups, separated by commas; repeat for more.",
            parse: .studentList),
        .repeated(
            "skip", \.skip, valueName: "student", help: "A student to leave out today; repeat for more.",
            parse: .text),
        .flag("include-absent", \.includeAbsent, help: "Group also students absent in today's register."),
        .flag("ignore-history", \.ignoreHistory, help: "Forget the recent groupings: any partners may meet."),
        .format(\.format, [.table, .json, .csv, .html], help: "How to print the groups."),
        ReportOutput.field(\.output),
    ]

    var size: Int?
    var count: Int?
    var balance: GroupMaker.Balance?
    var apart: [[String]] = []
    var skip: [String] = []
    var includeAbsent = false
    var ignoreHistory = false
    var format: OutputFormat?
    var output: String?

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
        _ = try sizing()
    }

    func run(in context: CommandContext) throws {
        let format = format ?? .table
        var random = try RandomSource(environment: context.environment)
        let made = try ClassroomIntents.makeGroups(
            try sizing(), balance: balance, apart: apart, skipping: skip,
            includeAbsent: includeAbsent, ignoreHistory: ignoreHistory,
            at: context.fileURL, using: &random)
        AttendanceText.noteLeftOut(made.leftOut, context)
        if made.balanceIgnored, let balance {
            context.errorOutput.write(
                "Note: no student has a \(balance.rawValue), so the groups are not balanced by it.\n")
        }
        guard format == .html else {
            return try ReportOutput.write(
                try Self.render(
                    made.groups, format: format, width: ReportOutput.wrapWidth(for: output, context)),
                about: "the groups", to: output, context)
        }
        let page = HTMLPage(
            today: made.groups.count == 1 ? "1 group" : "\(made.groups.count) groups", for: context)
        try ReportOutput.write(
            page.document(page.groups(made.groups)), about: "the groups", to: output, context)
    }

    private func sizing() throws -> GroupMaker.Sizing {
        switch (size, count) {
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

    private static func render(_ groups: [[Student]], format: OutputFormat, width: Int) throws -> String {
        switch format {
        case .json:
            return try JSONReport.text(
                groups.map { group in
                    group.map {
                        Member(
                            id: $0.id.uuidString, name: $0.name, age: $0.age, grade: $0.grade, score: $0.score
                        )
                    }
                })
        case .csv:
            let rows = groups.enumerated().flatMap { number, group in
                CSVRosterWriter.text(for: group).split(separator: "\r\n").dropFirst().map {
                    "\(number + 1),\($0)\r\n"
                }
            }
            return "group," + CSVRosterWriter.columns.joined(separator: ",") + "\r\n" + rows.joined()
        default:
            return groups.enumerated().map { number, group in
                StudentText.labelledNames(
                    "Group \(number + 1): ", group.map { VisibleText.of($0.name) }, width: width) + "\n"
            }.joined()
        }
    }
}
