import RosterKit

/// The register's three reports as pages to print (`register --format html`): a day's marks, a
/// range's figures per student, and a week's grid with each student's total.
enum RegisterPage {
    /// For each of the day's lessons, the students marked other than present, with their reasons.
    static func day(_ day: SchoolDay, lessons: [Lesson], _ students: [Student], title: String) -> String {
        let page = HTMLPage(title: title, date: day.text, subject: "Register")
        var rows: [[String]] = []
        for lesson in lessons {
            let label = lesson.name ?? "the day"
            let (present, marked) = RegisterReport.marks(in: lesson, of: students)
            for (student, entry) in marked {
                let counted = AttendanceRegister.counts(lesson, for: student)
                rows.append([
                    label, leaving(student),
                    entry.mark.rawValue + (counted ? "" : " (off the roll, not counted)"),
                    entry.reason ?? "",
                ])
            }
            rows.append([label, "\(present) present", "", ""])
        }
        guard !lessons.isEmpty else {
            return page.document(
                "<section class=\"page\">\n" + page.header(page: 1, of: 1)
                    + "<p>The register was not taken on \(HTMLPage.escaped(day.text)).</p>\n</section>\n")
        }
        return page.document(
            page.tables(columns: ["Lesson", "Name", "Mark", "Reason"], rows: rows, names: 1))
    }

    /// Each student's lessons, marks and attendance rate over a range.
    static func range(
        _ rows: [AttendanceRegister.Summary], from first: SchoolDay, to last: SchoolDay, title: String
    )
        -> String
    {
        let page = HTMLPage(title: title, date: "\(first.text) to \(last.text)", subject: "Attendance")
        let cells = rows.map { row in
            [leaving(row.student)]
                + [row.lessons, row.present, row.late, row.absent, row.excused].map(String.init)
                + [RegisterReport.ratePercent(row).map { $0 + "%" } ?? "-"]
        }
        return page.document(
            page.tables(
                columns: ["Name", "Lessons", "Present", "Late", "Absent", "Excused", "Attendance"],
                rows: cells))
    }

    /// The week's grid: a column for each lesson (`.` present, `A` absent, `E` excused, `L` late),
    /// and each student's lessons there out of those taken.
    static func week(of day: SchoolDay, _ students: [Student], title: String) -> String {
        let monday = day.monday
        let students = RegisterReport.onRoll(inWeekOf: monday, students)
        let columns = RegisterReport.weekColumns(from: monday, students).columns
        let page = HTMLPage(
            title: title, date: "week of Monday \(monday.text)",
            subject: "Register: . present, A absent, E excused, L late, - off the roll")
        let labels = columns.map { column in
            String(column.day.weekdayName.prefix(3)) + " " + String(column.day.text.suffix(2))
                + (column.lesson?.name.map { "/" + $0 } ?? "")
        }
        let rows = students.map { student in
            var (lessons, there) = (0, 0)
            let marks = columns.map { column -> String in
                guard let lesson = column.lesson, let entry = student.attendance[lesson] else { return "" }
                guard AttendanceRegister.counts(lesson, for: student) else {
                    return RegisterReport.offRollSymbol
                }
                lessons += 1
                there += entry.mark.isThere ? 1 : 0
                return RegisterReport.symbol[entry.mark] ?? ""
            }
            return [leaving(student)] + marks + ["\(there)/\(lessons)"]
        }
        return page.document(page.tables(columns: ["Name"] + labels + ["Total"], rows: rows))
    }

    /// A student's name with a leaver's leaving day, as the page shows it (the page escapes it).
    private static func leaving(_ student: Student) -> String {
        StudentText.registerName(student.name, left: student.left?.text, escaped: false)
    }
}
