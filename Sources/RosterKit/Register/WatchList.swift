/// Who needs a word today: the students on the roll whose register or marks cross one of the
/// class's ``WatchSettings``, each with every reason.
///
/// - *Absences in a row*: the lessons a student missed (absent or excused) one after another, up
///   to their latest lesson in the range.
/// - *Attendance*: lessons there (late counts as there) over the lessons of their register in
///   the range, as a percentage, under the threshold, once they have had
///   ``fewestLessonsForRate`` lessons: one missed lesson of a newcomer is no pattern.
/// - *Missing work*: the assessments marked missing.
/// - *Lates*: the lessons a student was late to in the range.
public enum WatchList {
    /// Why a student is on the list.
    public enum Reason: Sendable, Equatable {
        /// `count` lessons missed in a row, the first on `since`.
        case absencesInARow(count: Int, since: SchoolDay)
        /// An attendance rate (a percentage with one decimal) under the threshold, over `lessons`.
        case lowRate(percent: Double, lessons: Int)
        /// The assessments marked missing, by name.
        case missingWork([String])
        /// `count` lessons the student was late to.
        case lates(count: Int)
    }

    /// The lessons a student has had before their attendance rate can put them on the list.
    public static let fewestLessonsForRate = 5

    /// One student on the list, with every reason, in the order above.
    public struct Entry: Sendable, Equatable {
        /// The student.
        public let student: Student
        /// Why they are on the list.
        public let reasons: [Reason]
    }

    /// The students of `students` on the list from `first` to `last` (all their lessons when
    /// `first` is `nil`), in the order given; leavers are left out.
    public static func entries(
        _ students: [Student], markbook: Markbook, from first: SchoolDay? = nil, to last: SchoolDay = .today()
    ) -> [Entry] {
        let settings = markbook.watch ?? WatchSettings()
        return students.compactMap { student in
            guard !student.hasLeft(by: last) else { return nil }
            let reasons = reasons(of: student, settings: settings, markbook: markbook, from: first, to: last)
            return reasons.isEmpty ? nil : Entry(student: student, reasons: reasons)
        }
    }

    /// Every reason `student` is on the list.
    private static func reasons(
        of student: Student, settings: WatchSettings, markbook: Markbook, from first: SchoolDay?,
        to last: SchoolDay
    ) -> [Reason] {
        // The counts and the rate are the register's own (``AttendanceRegister/Summary``); only
        // the run of missed lessons needs them in order.
        let summary = AttendanceRegister.summary(
            of: [student], from: first ?? SchoolDay(checked: SchoolDay.earliest), to: last)[0]
        var reasons: [Reason] = []
        let missed = student.attendance.filter { lesson, _ in
            lesson.day <= last && first.map { lesson.day >= $0 } ?? true
        }.sorted { $0.key > $1.key }.prefix { $0.value.mark == .absent || $0.value.mark == .excused }
        if missed.count >= settings.absencesInARow, let since = missed.last?.key.day {
            reasons.append(.absencesInARow(count: missed.count, since: since))
        }
        if summary.lessons >= fewestLessonsForRate, let rate = summary.rate {
            let percent = (rate * 1000).rounded() / 10
            if percent < Double(settings.lowestRate) {
                reasons.append(.lowRate(percent: percent, lessons: summary.lessons))
            }
        }
        let marks = student.marks
        let missing = markbook.assessments.filter { marks[$0.id] == .missing }.map(\.name)
        if missing.count >= settings.missingWork { reasons.append(.missingWork(missing)) }
        if summary.late >= settings.lates { reasons.append(.lates(count: summary.late)) }
        return reasons
    }
}
