import RosterKit

/// `register --take`: the roll, called at a terminal one key a student.
///
/// A header names the class (or file), the lesson and how many students there are; each student
/// is asked with their place (`3/28`): `p` or Enter present, `a` absent, `l` late, `e` excused,
/// `b` back to the student before (showing the mark given), `q` to stop. Nothing is written until
/// the last student is marked; Ctrl-C, `q` or the end of input stop and record nothing.
enum RollCall {
    /// The keys and the marks they give.
    private static let marks: [UInt8: AttendanceMark] = [
        UInt8(ascii: "p"): .present, 0x0D: .present, 0x0A: .present, UInt8(ascii: "a"): .absent,
        UInt8(ascii: "l"): .late, UInt8(ascii: "e"): .excused,
    ]

    static func take(_ lesson: Lesson, by order: SortField = .name, _ context: CommandContext) throws {
        guard context.input.isTerminal else {
            throw UsageError.message(
                "register --take calls the roll at a terminal; use 'roster absent' and 'roster present' in scripts."
            )
        }
        // The lesson's roll: a register taken late calls no one who joined after it or had left.
        let students = RosterSorter.sorted(
            try context.loadedStudents().filter { $0.isOnRoll(on: lesson.day) }, by: order, reversed: false)
        guard !students.isEmpty else {
            throw UsageError.message(
                "The roster is empty; add students with 'roster add <name> --age <age>'.")
        }
        let described = lesson.spoken
        context.errorOutput.write(
            "Roll call for \(context.rosterDescription), "
                + "\(described): \(students.count) students. p or Enter present, a absent, l late, e excused, "
                + "b back, q stop (and record what was called, if you say so).\n")
        let earlier = students.map { $0.attendance[lesson]?.mark }
        if AttendanceRegister.isTaken(lesson, in: students) {
            context.errorOutput.write(
                "Warning: the register for \(described) was already taken; each student's mark is shown, "
                    + "and the roll call replaces them.\n")
        }
        let given = try context.input.withKeys { readKey in
            try call(students, earlier: earlier, readKey: readKey, context)
        }
        var record: [Student.ID: AttendanceEntry] = [:]
        for (student, mark) in zip(students, given) {
            // A reason given earlier stays with an unchanged mark.
            let reason = student.attendance[lesson].flatMap { $0.mark == mark ? $0.reason : nil }
            record[student.id] = AttendanceEntry(mark, reason: reason)
        }
        // A student removed while the roll was called is not on the roster, and not counted.
        let recorded = try ClassroomIntents.recordRegister(record, in: lesson, at: context.fileURL)
        context.saved.record("The register for \(described) was recorded")
        context.output.write(
            summary(
                students.filter { recorded[$0.id] != nil }, recorded, described, width: context.wrapWidth))
    }

    /// Asks for each student's mark in turn; returns them in the students' order.
    private static func call(
        _ students: [Student], earlier: [AttendanceMark?], readKey: () -> UInt8?, _ context: CommandContext
    ) throws -> [AttendanceMark] {
        var given = earlier
        var index = 0
        while index < students.count {
            let shown = given[index].map { " (\($0.rawValue))" } ?? ""
            let note = students[index].note.map { " [\(VisibleText.of($0))]" } ?? ""
            context.errorOutput.write(
                "\(index + 1)/\(students.count) \(VisibleText.of(students[index].name))\(note)\(shown): ")
            guard let key = readKey() else { throw RollCallStopped(status: 1, context) }
            switch key {
            case 0x03: throw RollCallStopped(status: 130, context)
            case 0x04: throw RollCallStopped(status: 1, context)
            case UInt8(ascii: "q"):
                // q asks: the marks called so far are worth keeping more often than not.
                context.errorOutput.write(
                    "\nRecord the \(index) marks given, everyone not called present? [y/N] ")
                guard let answer = readKey(), answer == UInt8(ascii: "y") || answer == UInt8(ascii: "Y")
                else {
                    throw RollCallStopped(status: 1, context)
                }
                context.errorOutput.write("yes\n")
                return given.map { $0 ?? .present }
            case UInt8(ascii: "b"):
                context.errorOutput.write("back\n")
                index = max(0, index - 1)
            default:
                guard let mark = marks[key] else {
                    context.errorOutput.write("\n  Press p or Enter, a, l, e, b or q.\n")
                    continue
                }
                context.errorOutput.write(mark.rawValue + "\n")
                given[index] = mark
                index += 1
            }
        }
        return given.map { $0 ?? .present }
    }

    /// The closing lines: how many were present, and who was absent, excused or late.
    private static func summary(
        _ students: [Student], _ recorded: [Student.ID: AttendanceEntry], _ described: String, width: Int
    ) -> String {
        let present = students.filter { recorded[$0.id]?.mark == .present }.count
        let names = RegisterReport.missedMarks.map { mark in
            students.filter { recorded[$0.id]?.mark == mark }.map { VisibleText.of($0.name) }
        }
        return RegisterReport.lessonSummary(
            "Recorded the register for \(described)", present: present, names: names, width: width)
    }
}

/// The roll call stopped before the end: nothing was recorded. Exit 130 for Ctrl-C, else 1.
struct RollCallStopped: Error, CustomStringConvertible {
    let status: Int32

    init(status: Int32, _ context: CommandContext) {
        self.status = status
        context.errorOutput.write(status == 130 ? "^C\n" : "\n")
    }

    var description: String { "Stopped; nothing was recorded." }
}
