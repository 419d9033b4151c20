import RosterKit

/// `roster pick [--count <n>] [--skip <student>]... [--reset] [--format table|json|csv]`
struct PickCommand: Subcommand {
    static let name = "pick"
    static let abstract = "Pick students to answer, fairly: nobody twice until everyone has had a turn."
    static let discussion: String? =
        "The round carries on across runs and starts again, never with the last pick, once everyone "
        + "has been picked. Students added meanwhile join the round; removed ones leave it. --skip leaves out "
        + "a student without using up their turn; students absent in today's register are left out the "
        + "same way unless --include-absent. --again puts the last pick back and picks someone else. "
        + "ROSTER_SEED=<n> makes the picks repeatable."
    static let fields: [CommandField<Self>] = [
        .option(
            "count", \.count, valueName: "n", help: "How many students to pick. (default: 1)",
            parse: .positiveNumber),
        .repeated(
            "skip", \.skip, valueName: "student", help: "A student not to pick today; repeat for more.",
            parse: .text),
        .flag("reset", \.reset, help: "Start a new round: everyone may be picked again."),
        .flag("again", \.again, help: "Put the last pick back into the round and pick someone else."),
        .flag("include-absent", \.includeAbsent, help: "Pick also from students absent in today's register."),
        .format(\.format, [.table, .json, .csv], help: "How to print the students picked."),
    ]

    var count: Int?
    var skip: [String] = []
    var reset = false
    var again = false
    var includeAbsent = false
    var format: OutputFormat?

    func run(in context: CommandContext) throws {
        let count = count ?? 1
        var random = try RandomSource(environment: context.environment)
        // The pick is shown before its round is saved, so a student whose name could not be
        // printed keeps their turn.
        try ClassroomIntents.pick(
            count, skipping: skip, reset: reset, again: again,
            leavingOutAbsentOn: includeAbsent ? nil : SchoolDay.today(), at: context.fileURL,
            using: &random
        ) { pick in
            AttendanceText.noteLeftOut(pick.leftOut, context)
            show(pick, context)
            if context.output.writeFailure != nil { throw OutputFailure() }
            if (format ?? .table) == .table {
                context.errorOutput.write(
                    "(\(StudentText.count(pick.leftInRound)) still to pick in this round)\n")
            }
        }
    }

    private func show(_ pick: FairPicker.Pick, _ context: CommandContext) {
        switch format {
        case .json: context.output.write(JSONRosterWriter.array(pick.students))
        case .csv: context.output.write(CSVRosterWriter.text(for: pick.students))
        default:
            let names = pick.students.map { VisibleText.of($0.name) }
            context.output.write(
                names.count == 1
                    ? names[0] + "\n" : names.enumerated().map { "\($0 + 1). \($1)\n" }.joined())
        }
    }
}

/// The randomness of `pick` and `groups`: from `ROSTER_SEED` when it is set, else the system's.
struct RandomSource: RandomNumberGenerator {
    private var seeded: SeededRandom?
    private var system = SystemRandomNumberGenerator()

    /// - Throws: ``UsageError`` when `ROSTER_SEED` is set but not a whole number.
    init(environment: [String: String]) throws {
        guard let text = environment["ROSTER_SEED"] else { return }
        guard let seed = UInt64(text) else {
            throw UsageError.message(
                "ROSTER_SEED is '\(VisibleText.of(text))'; set it to a whole number such as 42.")
        }
        seeded = SeededRandom(seed: seed)
    }

    mutating func next() -> UInt64 {
        if seeded != nil { return seeded?.next() ?? 0 }
        return system.next()
    }
}
