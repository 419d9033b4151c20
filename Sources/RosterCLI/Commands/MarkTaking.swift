import RosterEngine
import RosterKit

/// `mark <assessment> --take`: marks asked for at a terminal, down the class as the roll call
/// goes.
///
/// Each student is asked with their place and their mark so far (`3/28 Ada Lovelace (8/10
/// now):`); a value and Enter gives a mark, Enter alone keeps the one there, `x` excused, `m`
/// missing, `-` clears, `b` goes back, `q` stops and asks whether to record what was given; a
/// value that is not a mark on the assessment (over the maximum, say) is asked again. Nothing is
/// written until the end, as one change; Ctrl-C or the end of input record nothing.
enum MarkTaking {
    static func take(_ reference: String, _ context: CommandContext) throws {
        guard context.input.isTerminal else {
            throw UsageError.message(
                "mark --take asks at a terminal; in a script give the marks: roster mark <assessment> <student> <value>."
            )
        }
        let (students, book) = try StorageHandler.loadMarkbook(from: context.fileURL)
        let assessment = try book.assessment(named: reference)
        let roll = RosterSorter.sorted(students.filter { !$0.hasLeft() }, by: .name, reversed: false)
        guard !roll.isEmpty else {
            throw UsageError.message(
                "The roster is empty; add students with 'roster add <name> --age <age>'.")
        }
        context.errorOutput.write(
            "Marks for \(MarkbookText.describe(assessment)), \(context.rosterDescription): \(roll.count) students. "
                + "A mark and Enter (8, 8.5, 8/10, 80%), Enter alone keeps the mark, x excused, m missing, "
                + "- clears, b back, q stop (and record what was given, if you say so).\n")
        let given = try ask(roll, assessment, context)
        let entries = roll.indices.compactMap { index -> ClassroomIntents.MarkEntry? in
            guard let mark = given[index], mark != roll[index].marks[assessment.id] else { return nil }
            return ClassroomIntents.MarkEntry(student: UUIDText.string(roll[index].id), value: mark?.text)
        }
        guard !entries.isEmpty else { return context.output.write("No mark changed; nothing was written.\n") }
        let (_, changes) = try ClassroomIntents.mark(assessment.name, entries, at: context.fileURL)
        context.saved.record("The marks on \(assessment.name) were recorded")
        context.output.write(
            "Recorded \(changes.count) mark\(changes.count == 1 ? "" : "s") on \(VisibleText.of(assessment.name)).\n"
        )
    }

    /// Asks for each student's mark in turn: for each, the mark given (`nil` inside to clear),
    /// or `nil` when it is kept.
    private static func ask(_ roll: [Student], _ assessment: Assessment, _ context: CommandContext) throws
        -> [Mark??]
    {
        var given = [Mark??](repeating: nil, count: roll.count)
        var index = 0
        while index < roll.count {
            let now = given[index] ?? roll[index].marks[assessment.id]
            let shown = now.map { MarkbookText.mark($0, outOf: assessment.outOf) } ?? "blank"
            context.errorOutput.write(
                "\(index + 1)/\(roll.count) \(VisibleText.of(roll[index].name)) (\(shown) now): ")
            guard let line = context.input.readLine() else { throw RollCallStopped(status: 1, context) }
            switch line.trimmingSpaces().lowercased() {
            case "": index += 1
            case "b": index = max(0, index - 1)
            case "x": (given[index], index) = (.some(.excused), index + 1)
            case "m": (given[index], index) = (.some(.missing), index + 1)
            case "-": (given[index], index) = (.some(nil), index + 1)
            case "q":
                let count = given.compactMap { $0 }.count
                guard context.confirm("Record the \(count) mark\(count == 1 ? "" : "s") given?") else {
                    throw RollCallStopped(status: 1, context)
                }
                return given
            default:
                do {
                    given[index] = .some(try Mark(typed: line, outOf: assessment.outOf))
                    index += 1
                } catch {
                    context.errorOutput.write("  \(VisibleText.of(error.description)) Give it again.\n")
                }
            }
        }
        return given
    }
}
