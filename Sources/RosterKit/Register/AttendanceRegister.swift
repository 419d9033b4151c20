#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The class register: for each lesson it was taken, every student of the class present, late,
/// absent or excused, kept in each student's ``Student/attendance``.
///
/// Taking the register of a lesson marks everyone: the students named get their mark and everyone
/// else is present. A student's figures count only the lessons in their own register, which are
/// the lessons taken while they were on the roster, so adding or removing a student never changes
/// anyone else's rate. Marking is a change like any other, so `undo` takes it back; a mark that
/// is already so changes nothing and keeps no history step.
public enum AttendanceRegister {
    /// What marking the register did.
    public struct Marking: Sendable, Equatable {
        /// The students named, each once, in the order first given.
        public let students: [Student]
        /// Whether this marking took the lesson's register, marking everyone else present.
        public let tookRegister: Bool
        /// Whether anything changed; `false` when every mark was already so.
        public let changed: Bool
        /// The students that taking the register with nobody named marked present who were absent
        /// or excused in an earlier lesson of the day, in roster order, so that a teacher can check
        /// them.
        public var presentAfterAbsence: [Student] = []
    }

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
    public static func mark(
        _ references: [String], as entry: AttendanceEntry, in lesson: Lesson, at url: URL,
        command: String
    ) throws -> Marking {
        var entry = entry
        entry.reason = try entry.reason.flatMap { try StudentValidator.freeText($0, field: "reason") }
        let summary = { (marking: Marking) in
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
            var marking = Marking(students: marked, tookRegister: tookRegister, changed: changed)
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
    public static func record(_ marks: [Student.ID: AttendanceEntry], in lesson: Lesson, at url: URL) throws
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
    public static func delete(_ lesson: Lesson, at url: URL) throws -> [(
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

    /// Whether `lesson`'s register was taken: some student has a mark in it.
    public static func isTaken(_ lesson: Lesson, in students: [Student]) -> Bool {
        students.contains { $0.attendance[lesson] != nil }
    }

    /// The lessons whose register was taken on `day`, in order.
    public static func lessons(on day: SchoolDay, in students: [Student]) -> [Lesson] {
        var found: Set<Lesson> = []
        for student in students {
            for lesson in student.attendance.keys where lesson.day == day { found.insert(lesson) }
        }
        return found.sorted()
    }

    /// The students marked absent or excused in the latest lesson whose register was taken on
    /// `day`, in roster order: those `pick` and `groups` leave out. Late students are there.
    public static func absent(in students: [Student], on day: SchoolDay) -> [Student] {
        guard let lesson = lessons(on: day, in: students).last else { return [] }
        return students.filter { student in student.attendance[lesson].map { !$0.mark.isThere } ?? false }
    }

    /// One student's attendance over a range of days.
    public struct Summary: Sendable, Equatable {
        /// The student.
        public let student: Student
        /// The lessons in the range in the student's register.
        public let lessons: Int
        /// The lessons the student was there for, on time.
        public let present: Int
        /// The lessons the student was late to.
        public let late: Int
        /// The lessons the student missed without leave.
        public let absent: Int
        /// The lessons the student missed with leave.
        public let excused: Int
        /// The share of the lessons the student was there for (late counts as there), or `nil`
        /// with no lessons.
        public var rate: Double? { lessons == 0 ? nil : Double(present + late) / Double(lessons) }
    }

    /// Whether `student`'s mark in `lesson` counts: every mark does but one from the day they
    /// left on, which a leave dated back past a register already taken keeps and no register
    /// counts; so a day's figures are the same whichever of the two came first.
    ///
    /// A student who left and came back keeps every mark of their first stay: only the leaving day
    /// they have now stops the count.
    public static func counts(_ lesson: Lesson, for student: Student) -> Bool {
        !student.hasLeft(by: lesson.day)
    }

    /// Each student's lessons and marks from `first` to `last`, in roster order: the marks that
    /// count (see ``counts(_:for:)``).
    public static func summary(of students: [Student], from first: SchoolDay, to last: SchoolDay) -> [Summary]
    {
        students.map { student in
            var counts: [AttendanceMark: Int] = [:]
            for (lesson, entry) in student.attendance
            where lesson.day >= first && lesson.day <= last && Self.counts(lesson, for: student) {
                counts[entry.mark, default: 0] += 1
            }
            return Summary(
                student: student, lessons: counts.values.reduce(0, +), present: counts[.present] ?? 0,
                late: counts[.late] ?? 0, absent: counts[.absent] ?? 0, excused: counts[.excused] ?? 0)
        }
    }
}
