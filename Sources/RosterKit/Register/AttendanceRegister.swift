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
/// is already so changes nothing and keeps no history step. The register is taken by
/// ``ClassroomIntents/markAttendance(_:as:in:at:command:)``; this type reads it.
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
