import RosterKit

/// `roster seats [--rows <n> --columns <n> [--front <student>]... [--apart <students>]...]
/// [--swap <student> <student>] [--teacher-view] [--format table|json|csv|html] [--output <file>]`
enum SeatsCommand: Subcommand {
    static let name = "seats"
    static let spec = CommandSpec(
        name: name,
        abstract: "Make, show or change the class's seating plan.",
        discussion:
            "With --rows and --columns: a new plan, at random (ROSTER_SEED=<n> repeats it), every student in "
            + "one seat, the front rows filled first. --front seats a student in the front row; students kept "
            + "apart with 'roster apart', and those --apart names separated by commas, never sit side by side "
            + "or one behind the other. Alone: the kept plan, the front at the bottom as the class sees the "
            + "board; students who joined since take free seats and those who left free theirs. --swap "
            + "exchanges two students' seats.",
        arguments: [
            ArgumentSpec(
                name: "student", help: "With --swap, the two students to swap.", isRepeated: true,
                isOptional: true)
        ],
        options: [
            OptionSpec(name: "rows", valueName: "n", help: "Make a new plan with this many rows of seats."),
            OptionSpec(name: "columns", valueName: "n", help: "The seats in each row of the new plan."),
            OptionSpec(
                name: "front", valueName: "student",
                help: "A student to seat in the front row of the new plan; repeat for more."),
            OptionSpec(
                name: "apart", valueName: "students",
                help: "Students never to seat side by side or one behind the other, separated by commas; "
                    + "repeat for more."),
            OptionSpec(name: "swap", help: "Swap the seats of the two students named."),
            OptionSpec(
                name: "teacher-view", help: "Show the room from the board: the front row at the top."),
            OptionSpec(
                name: "format", valueName: "format", help: "How to print the plan.",
                choices: ["table", "json", "csv", "html"], defaultValue: "table"),
            PageOutput.option,
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let format = parsed.values["format"] ?? "table"
        try PageOutput.check(parsed, isHTML: format == "html")
        let shown: ClassSeats.Shown
        if let size = try roomSize(parsed) {
            guard parsed.positionals.isEmpty, !parsed.has("swap") else {
                throw UsageError.message(
                    "A new plan and a swap cannot be made together; make the plan first.")
            }
            var random = try RandomSource(environment: context.environment)
            shown = try ClassSeats.make(
                rows: size.rows, columns: size.columns, front: parsed.studentLists("front").flatMap { $0 },
                apart: parsed.studentLists("apart"), at: context.fileURL, using: &random)
        } else if parsed.has("swap") {
            guard parsed.positionals.count == 2 else {
                throw UsageError.message(
                    "--swap needs two students: roster seats --swap <student> <student>.")
            }
            shown = try ClassSeats.swap(parsed.positionals[0], parsed.positionals[1], at: context.fileURL)
        } else {
            guard parsed.positionals.isEmpty else {
                throw UsageError.message("Students are named for --swap; add --swap, or drop the names.")
            }
            shown = try ClassSeats.current(at: context.fileURL)
        }
        noteChanges(shown, context)
        try write(shown.plan, format: format, parsed, context)
    }

    /// The new room's size, when `--rows` or `--columns` asks for a new plan.
    private static func roomSize(_ parsed: ParsedCommand) throws -> (rows: Int, columns: Int)? {
        let (rows, columns) = (
            try parsed.positiveNumber("rows", in: spec), try parsed.positiveNumber("columns", in: spec)
        )
        for (option, number) in [("rows", rows), ("columns", columns)] {
            if let number, number > SeatingPlan.largestSide {
                throw UsageError.invalidValue(
                    String(number), label: "--\(option) <n>",
                    reason: "A room has at most \(SeatingPlan.largestSide) rows of at most "
                        + "\(SeatingPlan.largestSide) seats.")
            }
        }
        switch (rows, columns) {
        case (let rows?, let columns?): return (rows, columns)
        case (nil, nil):
            if parsed.values["front"] != nil || parsed.values["apart"] != nil {
                throw UsageError.message(
                    "--front and --apart are rules for a new plan; give --rows and --columns too.")
            }
            return nil
        default: throw UsageError.message("A new plan needs both --rows <n> and --columns <n>.")
        }
    }

    /// Notes on standard error what changed since the plan was last shown.
    private static func noteChanges(_ shown: ClassSeats.Shown, _ context: CommandContext) {
        let names = { (students: [Student]) in
            students.map { VisibleText.of($0.name) }.joined(separator: ", ")
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

    private static func write(
        _ plan: SeatingPlan, format: String, _ parsed: ParsedCommand, _ context: CommandContext
    )
        throws
    {
        let teacherView = parsed.has("teacher-view")
        switch format {
        case "json": context.output.write(try SeatingReport.json(plan))
        case "csv": context.output.write(SeatingReport.csv(plan))
        case "html":
            let page = HTMLPage(
                today: teacherView ? "Seating plan, the teacher's view" : "Seating plan", for: context)
            try PageOutput.write(
                page.document(page.seats(plan, teacherView: teacherView)), about: "the seating plan", parsed,
                context)
        default:
            context.output.write(SeatingReport.grid(plan, teacherView: teacherView, width: context.width))
        }
    }
}
