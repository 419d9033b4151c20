import RosterKit

/// `register --take`: the roll, called at a terminal.
enum RollCall {
    static func take(_ lesson: Lesson, _ context: CommandContext) throws {
        guard context.input.isTerminal else {
            throw UsageError.message(
                "register --take calls the roll at a terminal; use 'roster absent' in scripts.")
        }
        let students = RegisterCommand.byName(try context.loadedStudents())
        var marks: [AttendanceMark?] = Array(repeating: nil, count: students.count)
        var index = 0
        while index < students.count {
            context.errorOutput.write(
                "\(VisibleText.of(students[index].name)) [Enter present, a absent, l late, b back]: ")
            guard let answer = context.input.readLine()?.trimmingSpaces().lowercased() else {
                context.output.write("Stopped; nothing was recorded.\n")
                return
            }
            switch answer {
            case "": marks[index] = .present
            case "a": marks[index] = .absent
            case "l": marks[index] = .late
            case "b":
                index = max(0, index - 1)
                continue
            default:
                context.errorOutput.write("  Type Enter, a, l or b.\n")
                continue
            }
            index += 1
        }
        var record: [Student.ID: AttendanceEntry] = [:]
        for (student, mark) in zip(students, marks) { record[student.id] = AttendanceEntry(mark ?? .present) }
        // A student removed while the roll was called is not on the roster, and not counted.
        let recorded = try AttendanceRegister.record(record, in: lesson, at: context.fileURL)
        let described = AttendanceText.describe(lesson)
        context.saved.record("The register for \(described) was recorded")
        let absent = recorded.values.filter { $0.mark == .absent }.count
        let late = recorded.values.filter { $0.mark == .late }.count
        context.output.write(
            "Recorded the register for \(described): \(recorded.count - absent - late) present, \(absent) absent, \(late) late.\n"
        )
    }
}
