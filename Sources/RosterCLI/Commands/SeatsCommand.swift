import RosterKit

/// `roster seats [--rows <n> --columns <n> [--front <student>]... [--apart <students>]...]
/// [--swap <student> <student>] [--teacher-view] [--format table|json|csv|html] [--output <file>]`
struct SeatsCommand: Subcommand {
    static let name = "seats"
    static let abstract = "Make, show or change the class's seating plan."
    static let discussion: String? =
        "With --rows and --columns: a new plan, at random (ROSTER_SEED=<n> repeats it), every student in "
        + "one seat, the front rows filled first. --front seats students in the front row; students kept "
        + "apart with 'roster apart', and those --apart names separated by commas, never sit side by side "
        + "or one behind the other. Alone: the kept plan, the front at the bottom as the class sees the "
        + "board; students who joined since take free seats and those who left free theirs. --swap "
        + "exchanges two students' seats."
    static let fields: [CommandField<Self>] = [
        .arguments(
            ArgumentSpec(
                name: "student",
                help: "With --swap, the two students to swap; with --front, more front-row students.",
                isOptional: true), \.students),
        .option(
            "rows", \.rows, valueName: "n", help: "Make a new plan with this many rows of seats.",
            parse: .positiveNumber),
        .option(
            "columns", \.columns, valueName: "n", help: "The seats in each row of the new plan.",
            parse: .positiveNumber),
        .repeated(
            "front", \.front, valueName: "student",
            help:
                "Students to seat in the front row of the new plan: --front ada zoe, --front ada,zoe, or repeated.",
            parse: .studentList),
        .repeated(
            "apart", \.apart, valueName: "students",
            help: "Students never to seat side by side or one behind the other, separated by commas; "
                + "repeat for more.",
            parse: .studentList),
        .flag("swap", \.swap, help: "Swap the seats of the two students named."),
        .flag("teacher-view", \.teacherView, help: "Show the room from the board: the front row at the top."),
        .format(\.format, [.table, .json, .csv, .html], help: "How to print the plan."),
        ReportOutput.field(\.output),
    ]

    var students: [String] = []
    var rows: Int?
    var columns: Int?
    var front: [[String]] = []
    var apart: [[String]] = []
    var swap = false
    var teacherView = false
    var format: OutputFormat?
    var output: String?

    /// Whether the command makes a new plan.
    private var makesPlan: Bool { rows != nil || columns != nil }

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
        for (option, number) in [("rows", rows), ("columns", columns)] {
            if let number, number > SeatingPlan.largestSide {
                throw UsageError.invalidValue(
                    String(number), label: "--\(option) <n>",
                    reason: "A room has at most \(SeatingPlan.largestSide) rows of at most "
                        + "\(SeatingPlan.largestSide) seats.")
            }
        }
        if makesPlan, rows == nil || columns == nil {
            throw UsageError.message("A new plan needs both --rows <n> and --columns <n>.")
        }
        if !makesPlan, !front.isEmpty || !apart.isEmpty {
            throw UsageError.message(
                "--front and --apart are rules for a new plan; give --rows and --columns too.")
        }
        if makesPlan, swap {
            throw UsageError.message("A new plan and a swap cannot be made together; make the plan first.")
        }
        if swap, students.count != 2 {
            throw UsageError.message("--swap needs two students: roster seats --swap <student> <student>.")
        }
        if !swap, !students.isEmpty, front.isEmpty {
            throw UsageError.message(
                "Students are named for --swap or --front; add one of them, or drop the names.")
        }
    }

    func run(in context: CommandContext) throws {
        let shown: ClassSeats.Shown
        if let rows, let columns {
            var random = try RandomSource(environment: context.environment)
            // Words after --front are more front-row students: `--front ada zoe`.
            shown = try ClassroomIntents.makeSeats(
                rows: rows, columns: columns, front: front.flatMap { $0 } + students, apart: apart,
                at: context.fileURL, using: &random)
        } else if swap {
            shown = try ClassroomIntents.swapSeats(students[0], students[1], at: context.fileURL)
        } else {
            shown = try ClassroomIntents.seatingPlan(at: context.fileURL)
        }
        Self.noteChanges(shown, context)
        try write(shown.plan, context)
    }

    /// Notes on standard error what changed since the plan was last shown.
    private static func noteChanges(_ shown: ClassSeats.Shown, _ context: CommandContext) {
        let names = { (students: [Student]) in
            NameList.joined(students.map { VisibleText.of($0.name) })
        }
        if shown.freed > 0 {
            context.errorOutput.write(
                "Note: \(shown.freed) student\(shown.freed == 1 ? " has" : "s have") left the class; "
                    + "\(shown.freed == 1 ? "that seat is" : "those seats are") free now.\n")
        }
        // A few newcomers are each told where they sit; a hall's import is one line.
        if shown.seatedSince.count > 5 {
            context.errorOutput.write(
                "Note: \(shown.seatedSince.count) students joined since and sit in seats that were free.\n")
        }
        for student in shown.seatedSince where shown.seatedSince.count <= 5 {
            let seat = shown.plan.seat(of: student.id).map { " in \($0)" } ?? ""
            context.errorOutput.write("Note: \(VisibleText.of(student.name)) joined since and sits\(seat).\n")
        }
        if !shown.unseated.isEmpty {
            context.errorOutput.write(
                "Note: no seat is free for "
                    + (shown.unseated.count > 5 ? "\(shown.unseated.count) students" : names(shown.unseated))
                    + "; make a larger plan with "
                    + "'roster seats --rows <n> --columns <n>'.\n")
        }
        for pair in shown.neighboursKeptApart {
            context.errorOutput.write(
                "Note: \(pair.map { VisibleText.of($0.name) }.joined(separator: " and ")) are kept apart, "
                    + "and sit next to each other now.\n")
        }
    }

    private func write(_ plan: SeatingPlan, _ context: CommandContext) throws {
        let text: String
        switch format ?? .table {
        case .json: text = try SeatingReport.json(plan)
        case .csv: text = SeatingReport.csv(plan)
        case .html:
            let page = HTMLPage(
                today: teacherView ? "Seating plan, the teacher's view" : "Seating plan", for: context)
            text = page.document(page.seats(plan, teacherView: teacherView))
        default:
            text = SeatingReport.grid(
                plan, teacherView: teacherView, width: context.width)
        }
        try ReportOutput.write(text, about: "the seating plan", to: output, context)
    }
}
