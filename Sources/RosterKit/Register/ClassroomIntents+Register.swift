#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Taking the register: marking students in a lesson, a roll call's whole lesson, and deleting a
/// lesson taken by mistake, each one change that `undo` takes back (see ``AttendanceRegister``).
extension ClassroomIntents {
    /// Marks the students `references` pick out with `entry` in `lesson`'s register, taking the
    /// register first (everyone else on the lesson's roll present) when it was not taken yet.
    ///
    /// A lesson's roll is the students on the class's roll on its day (see
    /// ``Student/isOnRoll(on:)``): a register taken late never marks a student who joined after
    /// the day or had left by it.
    ///
    /// - Parameters:
    ///   - references: What a person typed for each student; one student named twice is marked
    ///     once. None, with a `present` entry, takes the register with everyone present.
    ///   - entry: The mark, with its reason.
    ///   - lesson: The lesson.
    ///   - url: The roster file.
    ///   - command: The change's name in the history.
    /// - Throws: ``ValidationError`` for a reason that is not one line of at most
    ///   ``StudentValidator/maximumTextLength`` characters, ``LookupError`` for a reference that
    ///   does not pick out one student, ``EnrolmentError`` for a student not on the lesson's roll,
    ///   ``StorageError`` when the file cannot be changed; nothing is written then.
    @discardableResult
    public static func markAttendance(
        _ references: [String], as entry: AttendanceEntry, in lesson: Lesson, at url: URL,
        command: String
    ) throws -> AttendanceRegister.Marking {
        var entry = entry
        entry.reason = try entry.reason.flatMap { try StudentValidator.freeText($0, field: "reason") }
        let summary = { (marking: AttendanceRegister.Marking) in
            marking.students.isEmpty
                ? "\(command): took the register for \(lesson.spoken)"
                : "\(command) \(NameList.sentence(marking.students.map(\.name))) on \(lesson.spoken)"
        }
        return try StorageHandler.changeStored(at: url, command: command, summary: summary) { roster in
            var named: [Int] = []
            for reference in references {
                let index = try RosterLookup.index(of: reference, among: roster)
                if !named.contains(index) { named.append(index) }
            }
            let roll = (0..<roster.count).filter { roster.isOnRoll(at: $0, on: lesson.day) }
            if let outside = named.first(where: { !roster.isOnRoll(at: $0, on: lesson.day) }) {
                let student = roster.student(at: outside)
                throw EnrolmentError.notOnRoll(
                    name: student.name, day: lesson.day, joined: student.joined, left: student.left)
            }
            let before = named.map { roster.entry(at: $0, in: lesson) }
            let tookRegister = !roll.isEmpty && !roster.isTaken(lesson)
            if tookRegister { roster.mark(roll, in: lesson, as: AttendanceEntry(.present)) }
            roster.mark(named, in: lesson, as: entry)
            let changed = tookRegister || before.contains { $0 != entry }
            let marked = named.map(roster.student(at:))
            var marking = AttendanceRegister.Marking(
                students: marked, tookRegister: tookRegister, changed: changed)
            // Only a register taken with nobody named marks everyone present without a word.
            if tookRegister, named.isEmpty {
                marking.presentAfterAbsence = presentAfterAbsence(roll, in: lesson, of: roster)
            }
            return (changed, marking)
        }
    }

    /// The students of `roll` marked present in `lesson` who were absent or excused in an earlier
    /// lesson of its day; only they are made into ``Student`` values.
    private static func presentAfterAbsence(_ roll: [Int], in lesson: Lesson, of roster: StoredRoster)
        -> [Student]
    {
        let earlier = roster.lessons.lessons.filter { $0.day == lesson.day && $0 < lesson }
        guard !earlier.isEmpty else { return [] }
        return roll.filter { index in
            roster.entry(at: index, in: lesson)?.mark == .present
                && earlier.contains { roster.entry(at: index, in: $0).map { !$0.mark.isThere } ?? false }
        }
        .map(roster.student(at:))
    }

    /// Records a whole lesson's register at once, as a roll call makes it.
    ///
    /// - Returns: The marks recorded: those of students still on the roster, since a student
    ///   removed while the roll was called has no register to mark. A student added meanwhile is
    ///   left out of this lesson.
    @discardableResult
    public static func recordRegister(_ marks: [Student.ID: AttendanceEntry], in lesson: Lesson, at url: URL)
        throws
        -> [Student.ID: AttendanceEntry]
    {
        var marks = marks
        for (id, entry) in marks where entry.reason != nil {
            marks[id]?.reason = try entry.reason.flatMap {
                try StudentValidator.freeText($0, field: "reason")
            }
        }
        return try StorageHandler.changeStored(at: url, command: "register") { roster in
            var recorded: [Student.ID: AttendanceEntry] = [:]
            var changed = false
            for index in 0..<roster.count {
                guard let entry = marks[roster.id(at: index)] else { continue }
                recorded[roster.id(at: index)] = entry
                changed = changed || roster.entry(at: index, in: lesson) != entry
                roster.mark([index], in: lesson, as: entry)
            }
            return (changed, recorded)
        }
    }

    /// Deletes `lesson`'s register, taken by mistake (on the wrong day, say): every mark in it,
    /// one change that `undo` takes back.
    ///
    /// - Returns: The marks deleted, each with its student, in roster order.
    /// - Throws: ``LessonNotTaken`` when the lesson has no mark; ``StorageError``.
    @discardableResult
    public static func deleteRegister(_ lesson: Lesson, at url: URL) throws -> [(
        student: Student, entry: AttendanceEntry
    )] {
        let summary = { (_: [(student: Student, entry: AttendanceEntry)]) in
            "register --delete \(lesson.spoken)"
        }
        return try StorageHandler.update(at: url, command: "register --delete", summary: summary) {
            students in
            var deleted: [(student: Student, entry: AttendanceEntry)] = []
            for index in students.indices {
                guard let entry = students[index].attendance.removeValue(forKey: lesson) else { continue }
                deleted.append((students[index], entry))
            }
            if deleted.isEmpty { throw LessonNotTaken(lesson: lesson) }
            return deleted
        }
    }
}
