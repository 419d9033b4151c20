import RosterKit

/// `roster remove <student> ...`
struct RemoveCommand: Subcommand {
    static let name = "remove"
    static let abstract = "Remove students from the roster."
    static let discussion: String? =
        "Removes all the students named, or none of them if one cannot be found. A student the register "
        + "or the markbook has marks of is kept as a leaver instead (see 'roster leave'), so no past lesson changes; "
        + "--forget erases them too, for a student added by mistake."
    static let fields: [CommandField<Self>] = [
        .arguments(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.students),
        .flag("forget", \.forget, help: "Erase the students, their marks too, instead of keeping leavers."),
        .flag("left", \.pastRecord, help: ArgumentSpec.pastRecordHelp),
    ]

    var students: [String] = []
    var forget = false
    var pastRecord = false

    func run(in context: CommandContext) throws {
        let removal = try ClassroomIntents.remove(
            students, forgetting: forget, pastRecord: pastRecord, at: context.fileURL)
        let erased = NameList.joined(removal.erased.map { VisibleText.of($0.name) })
        let kept = NameList.joined(removal.leavers.map { VisibleText.of($0.name) })
        let saved = [
            removal.erased.isEmpty
                ? nil : "the removal of \(StudentText.count(removal.erased.count)) (\(erased))",
            removal.leavers.isEmpty ? nil : "\(kept) kept as leavers",
        ].compactMap { $0 }.joined(separator: " and ")
        context.saved.record(saved.prefix(1).uppercased() + saved.dropFirst() + " was saved")
        if !removal.erased.isEmpty {
            context.output.write("Removed \(StudentText.count(removal.erased.count)): \(erased).\n")
        }
        if !removal.leavers.isEmpty {
            context.output.write(
                "Kept as leavers from \(SchoolDay.today()), \(Self.kept(removal.leavers)): \(kept). "
                    + "'roster remove --forget' erases a student added by mistake.\n")
        }
    }

    /// What the leavers keep, by what they have: "with their register", "with their marks", or both.
    private static func kept(_ leavers: [Student]) -> String {
        let register = leavers.contains { !$0.attendance.isEmpty }
        let marks = leavers.contains { !$0.marks.isEmpty }
        return "with their "
            + [register ? "register" : nil, marks ? "marks" : nil].compactMap { $0 }.joined(
                separator: " and ")
    }
}
