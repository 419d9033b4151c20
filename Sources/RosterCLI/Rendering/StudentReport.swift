import RosterEngine
import RosterKit

/// One student's report, for parents' evening: who they are, their attendance, their marks by
/// category, their result and letter, and what is still blank.
struct StudentReport {
    /// The class, as messages name it.
    let className: String
    let markbook: Markbook
    /// The days of attendance counted; from the first lesson when `from` is `nil`.
    let from: SchoolDay?
    let to: SchoolDay
    /// Whether the note is shown.
    let notes: Bool

    func text(_ student: Student) -> String {
        var text = VisibleText.of(student.name) + "\n"
        var about = [className]
        if let schoolID = student.schoolID { about.append("school id \(VisibleText.of(schoolID))") }
        if let left = student.left { about.append("left on \(left)") }
        text += about.joined(separator: ", ") + "\n\n" + attendance(student) + "\n" + marks(student)
        if notes, let note = student.note { text += "\nNote: \(VisibleText.of(note))\n" }
        return text
    }

    private func attendance(_ student: Student) -> String {
        let first = from ?? SchoolDay("1900-01-01") ?? .today()
        guard let summary = AttendanceRegister.summary(of: [student], from: first, to: to).first,
            summary.lessons > 0
        else { return "Attendance: no lessons taken\(from.map { " from \($0)" } ?? "") to \(to).\n" }
        let rate = summary.rate.map { StudentText.score(($0 * 1000).rounded() / 10) + "%" } ?? "-"
        var text =
            "Attendance\(from.map { " from \($0)" } ?? "") to \(to): \(summary.lessons) lesson\(summary.lessons == 1 ? "" : "s"), "
            + "\(summary.present) present, \(summary.late) late, \(summary.absent) absent, \(summary.excused) excused; "
            + "rate \(rate)\n"
        let away = student.attendance.filter { lesson, entry in
            lesson.day >= first && lesson.day <= to && (entry.mark == .absent || entry.mark == .excused)
        }.sorted { $0.key < $1.key }
        for (lesson, entry) in away {
            text +=
                "  \(lesson.spoken): \(entry.mark)" + (entry.reason.map { " (\(VisibleText.of($0)))" } ?? "")
                + "\n"
        }
        return text
    }

    private func marks(_ student: Student) -> String {
        guard !markbook.assessments.isEmpty else { return "Marks: none yet.\n" }
        let result = MarkbookCalculator(markbook: markbook).result(for: student.marks)
        var text = "Marks\n"
        for category in result.categories {
            let share = category.result.map { ": \($0.decimalText())%" } ?? ""
            text += "  \(category.name.map(VisibleText.of) ?? "No category")\(share)\n"
            for line in category.lines {
                let mark = line.mark.map { MarkbookText.mark($0, outOf: line.assessment.outOf) } ?? "blank"
                let status: String =
                    switch line.status {
                    case .dropped: " (dropped)"
                    case .outsideWeights: " (does not count)"
                    default: ""
                    }
                text += "    \(VisibleText.of(line.assessment.name)): \(mark)\(status)\n"
            }
        }
        text += "Result: " + (result.overall.map { $0.decimalText() + "%" } ?? "no counted mark yet")
        if let letter = result.letter { text += ", \(letter)" }
        text += "\n"
        if !result.blanks.isEmpty {
            text += "Still blank: \(result.blanks.map { VisibleText.of($0.name) }.joined(separator: ", ")).\n"
        }
        return text
    }
}
