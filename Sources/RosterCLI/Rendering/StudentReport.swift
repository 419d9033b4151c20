import RosterEngine
import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One student's report, for parents' evening: who they are, their attendance, their marks by
/// category, their result and letter, and what is still blank; as text, or as a page to print
/// with each student on pages of their own.
struct StudentReport {
    /// The class, as messages name it.
    let className: String
    let markbook: Markbook
    /// The days of attendance counted; from the first lesson when `from` is `nil`.
    let from: SchoolDay?
    let to: SchoolDay
    /// Whether the note is shown.
    let notes: Bool
    /// The teacher's name, signed under each report, or `nil`.
    var teacher: String?
    /// The marks moved students left in the class they came from, by id (see ``MarksElsewhere``).
    var elsewhere: [UUID: [(String, String)]] = [:]
    /// The markbook's calculator, made once for every student's report.
    private let calculator: MarkbookCalculator

    init(className: String, markbook: Markbook, from: SchoolDay?, to: SchoolDay, notes: Bool) {
        (self.className, self.markbook, self.from, self.to, self.notes) = (
            className, markbook, from, to, notes
        )
        calculator = MarkbookCalculator(markbook: markbook)
    }

    /// What a report says, once, for both the text and the page.
    struct Sections {
        var name: String
        /// The class, then the school id and the leaving day where there are any.
        var about: String
        /// What `about` says besides the class, which a page's heading gives already.
        var details: String
        var attendance: String
        var absences: [String] = []
        /// Each category's heading and its assessments' lines: name, mark, how it counted.
        var categories: [(heading: String, lines: [(String, String, String)])] = []
        var result: String?
        var blanks: String?
        var note: String?
        /// The student's report comment, filled for them.
        var comment: String?
        /// The absences by reason, such as "ill 2, no reason given 1".
        var reasons: String?
        /// The marks left in the class the student came from: assessment, "8/10 (in 7A)".
        var elsewhere: [(String, String)] = []
    }

    func sections(_ student: Student) -> Sections {
        var details: [String] = []
        if let schoolID = student.schoolID { details.append("school id \(VisibleText.of(schoolID))") }
        if let left = student.left { details.append("left on \(left)") }
        var sections = Sections(
            name: VisibleText.of(student.name), about: ([className] + details).joined(separator: ", "),
            details: details.joined(separator: ", "), attendance: "")
        attendance(student, into: &sections)
        marks(student, into: &sections)
        if notes, let note = student.note { sections.note = VisibleText.of(note) }
        sections.comment = student.reportComment.map(VisibleText.of)
        sections.elsewhere = elsewhere[student.id] ?? []
        return sections
    }

    func text(_ student: Student) -> String {
        let sections = sections(student)
        var text = sections.name + "\n" + sections.about + "\n\n" + sections.attendance + "\n"
        text += sections.absences.map { "  \($0)\n" }.joined()
        text += sections.reasons.map { "  By reason: \($0)\n" } ?? ""
        text += "\n"
        if let result = sections.result {
            text += "Marks\n"
            for category in sections.categories {
                text += "  \(category.heading)\n"
                text += category.lines.map { "    \($0.0): \($0.1)\($0.2.isEmpty ? "" : " (\($0.2))")\n" }
                    .joined()
            }
            text += "Result: \(result)\n"
        } else {
            text += "Marks: none yet.\n"
        }
        if let blanks = sections.blanks { text += "Still blank: \(blanks).\n" }
        if !sections.elsewhere.isEmpty {
            text += "Marks before the move, not counted here\n"
            text += sections.elsewhere.map { "  \($0.0): \($0.1)\n" }.joined()
        }
        if let comment = sections.comment { text += "\nComment: \(comment)\n" }
        if let note = sections.note { text += "\nNote: \(note)\n" }
        text += "\n" + signature.map { "\($0.0): \($0.1)\n" }.joined()
        return text
    }

    /// The reports as a page to print: each student on pages of their own.
    func page(_ students: [Student], _ page: HTMLPage) -> String {
        let escaped = HTMLPage.escaped
        var html = ""
        for student in students {
            let sections = sections(student)
            html += "<section class=\"page report\">\n" + page.header(page: 1, of: 1)
            html += "<h2 dir=\"auto\">\(escaped(sections.name))</h2>\n"
            if !sections.details.isEmpty { html += "<p>\(escaped(sections.details))</p>\n" }
            html += "<h3>Attendance</h3>\n<p>\(escaped(sections.attendance))</p>\n"
            if !sections.absences.isEmpty {
                html += "<ul>" + sections.absences.map { "<li>\(escaped($0))</li>" }.joined() + "</ul>\n"
            }
            if let reasons = sections.reasons { html += "<p>By reason: \(escaped(reasons))</p>\n" }
            html += "<h3>Marks</h3>\n"
            if let result = sections.result {
                // A third column only when a mark was dropped or does not count, and then titled.
                let counts = sections.categories.contains { $0.lines.contains { !$0.2.isEmpty } }
                html +=
                    "<table>\n<thead><tr><th>Assessment</th><th>Mark</th>\(counts ? "<th>Counted</th>" : "")"
                    + "</tr></thead>\n<tbody>\n"
                for category in sections.categories {
                    html +=
                        "<tr class=\"category\"><th colspan=\"\(counts ? 3 : 2)\">\(escaped(category.heading))</th></tr>\n"
                    for line in category.lines {
                        html += "<tr><td>\(escaped(line.0))</td><td>\(escaped(line.1))</td>"
                        html += (counts ? "<td>\(escaped(line.2))</td>" : "") + "</tr>\n"
                    }
                }
                html += "</tbody>\n</table>\n<p><strong>Result: \(escaped(result))</strong></p>\n"
            } else {
                html += "<p>None yet.</p>\n"
            }
            if let blanks = sections.blanks { html += "<p>Still blank: \(escaped(blanks)).</p>\n" }
            if !sections.elsewhere.isEmpty {
                html += "<h3>Marks before the move, not counted here</h3>\n<ul>"
                html +=
                    sections.elsewhere.map { "<li>\(escaped($0.0)): \(escaped($0.1))</li>" }.joined()
                    + "</ul>\n"
            }
            if let comment = sections.comment {
                html += "<h3>Comment</h3>\n<p dir=\"auto\">\(escaped(comment))</p>\n"
            }
            if let note = sections.note { html += "<p>Note: \(escaped(note))</p>\n" }
            html +=
                "<p class=\"signature\">"
                + signature.map { "\(escaped($0.0)): \(escaped($0.1))" }.joined(separator: "<br>")
            html += "</p>\n</section>\n"
        }
        return page.document(html)
    }

    /// The lines a report is signed on: the teacher, when named, and the signature.
    private var signature: [(String, String)] {
        (teacher.map { [("Teacher", VisibleText.of($0))] } ?? []) + [
            ("Signature", String(repeating: "_", count: 30))
        ]
    }

    private func attendance(_ student: Student, into sections: inout Sections) {
        let first = from ?? SchoolDay("1900-01-01") ?? .today()
        let range = "\(from.map { " from \($0)" } ?? "") to \(to)"
        guard let summary = AttendanceRegister.summary(of: [student], from: first, to: to).first,
            summary.lessons > 0
        else {
            sections.attendance = "Attendance: no lessons taken\(range)."
            return
        }
        let rate = RegisterReport.ratePercent(summary).map { $0 + "%" } ?? "-"
        sections.attendance =
            "Attendance\(range): \(summary.lessons) lesson\(summary.lessons == 1 ? "" : "s"), "
            + "\(summary.present) present, \(summary.late) late, \(summary.absent) absent, \(summary.excused) excused; "
            + "rate \(rate)"
        let missed = student.attendance.filter { lesson, entry in
            lesson.day >= first && lesson.day <= to && (entry.mark == .absent || entry.mark == .excused)
        }.sorted { $0.key < $1.key }
        sections.absences = missed.map { lesson, entry in
            "\(lesson.spoken): \(entry.mark)" + (entry.reason.map { " (\(VisibleText.of($0)))" } ?? "")
        }
        sections.reasons = Self.byReason(missed.map(\.value))
    }

    /// The lessons missed counted by reason, the most common first, as "ill 2, no reason given 1";
    /// `nil` for one missed lesson or none, which the list says already.
    static func byReason(_ entries: [AttendanceEntry]) -> String? {
        guard entries.count > 1 else { return nil }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for entry in entries {
            let reason = entry.reason.map { VisibleText.of($0).lowercased() } ?? "no reason given"
            if counts[reason] == nil { order.append(reason) }
            counts[reason, default: 0] += 1
        }
        let sorted = order.enumerated().sorted {
            (counts[$0.element] ?? 0, -$0.offset) > (counts[$1.element] ?? 0, -$1.offset)
        }
        return sorted.map { "\($0.element) \(counts[$0.element] ?? 0)" }.joined(separator: ", ")
    }

    private func marks(_ student: Student, into sections: inout Sections) {
        guard !markbook.assessments.isEmpty else { return }
        let result = calculator.result(for: student)
        sections.categories = result.categories.map { category in
            let share = category.result.map { ": \($0.decimalText())%" } ?? ""
            let lines = category.lines.map { line in
                let mark = line.mark.map { MarkbookText.mark($0, outOf: line.assessment.outOf) } ?? "blank"
                let status: String =
                    switch line.status {
                    case .dropped: "dropped"
                    case .outsideWeights: "does not count"
                    default: ""
                    }
                return (VisibleText.of(line.assessment.name), mark, status)
            }
            return ("\(category.name.map(VisibleText.of) ?? "No category")\(share)", lines)
        }
        sections.result =
            (result.overall.map { $0.decimalText() + "%" } ?? "no counted mark yet")
            + (result.letter.map { ", \($0)" } ?? "")
        if !result.blanks.isEmpty {
            sections.blanks = NameList.joined(result.blanks.map { VisibleText.of($0.name) })
        }
    }
}
