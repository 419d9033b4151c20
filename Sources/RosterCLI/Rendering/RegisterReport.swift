import RosterEngine
import RosterKit

/// The register's three reports, as tables, JSON and CSV: a day's lessons, a range's figures per
/// student, and a week's grid of marks.
enum RegisterReport {
    // MARK: A day

    /// One lesson of a day, as `register --format json` writes it.
    private struct LessonRow: Encodable {
        let date: String
        let lesson: Nullable<String>
        let present: Int
        let marks: [MarkRow]
    }

    /// One student's mark other than present.
    private struct MarkRow: Encodable {
        let id: String
        let name: String
        let mark: String
        let reason: Nullable<String>
        /// A leaver's leaving day.
        let left: Nullable<String>
        /// Whether the student was on the roll that day: a mark given before a leave was
        /// back-dated is kept, and not counted.
        let onRoll: Bool
    }

    /// For each of the day's lessons, who was absent, excused or late, and how many were present.
    static func day(
        _ day: SchoolDay, lessons: [Lesson], _ students: [Student], format: OutputFormat, width: Int = 80
    ) throws -> String {
        let rows = lessons.map { lesson in
            let (present, marked) = marks(in: lesson, of: students)
            let marks = marked.map { student, entry in
                MarkRow(
                    id: student.id.uuidString, name: student.name, mark: entry.mark.rawValue,
                    reason: Nullable(entry.reason), left: Nullable(student.left?.text),
                    onRoll: AttendanceRegister.counts(lesson, for: student))
            }
            return LessonRow(date: day.text, lesson: Nullable(lesson.name), present: present, marks: marks)
        }
        switch format {
        case .json: return try JSONReport.text(rows)
        case .csv: return dayCSV(rows)
        default:
            guard !rows.isEmpty else {
                return WordWrap.wrapped("The register was not taken on \(day).", width: width, indent: 0)
                    + "\n"
            }
            return rows.map { dayText($0, width: width) }.joined()
        }
    }

    /// A day's marks other than present, one line each.
    private static func dayCSV(_ rows: [LessonRow]) -> String {
        "date,lesson,id,name,mark,reason,left,on roll\r\n"
            + rows.flatMap { row in
                row.marks.map { mark in
                    [
                        row.date, row.lesson.value ?? "", mark.id, mark.name, mark.mark,
                        mark.reason.value ?? "", mark.left.value ?? "", mark.onRoll ? "yes" : "no",
                    ]
                    .map { CSVRosterWriter.field(VisibleText.of($0)) }.joined(separator: ",") + "\r\n"
                }
            }.joined()
    }

    /// How many on the roll were present in `lesson`, and the students marked otherwise, by name,
    /// with their marks; a student with a mark on a day they were not on the roll (a leave
    /// back-dated after the register was taken) is among the marked, whatever the mark, and not
    /// counted. Only those are sorted: a handful, whatever the roster's size.
    static func marks(in lesson: Lesson, of students: [Student])
        -> (present: Int, marked: [(student: Student, entry: AttendanceEntry)])
    {
        var present = 0
        var marked: [Student] = []
        for student in students {
            guard let entry = student.attendance[lesson] else { continue }
            if !AttendanceRegister.counts(lesson, for: student) {
                marked.append(student)
            } else if entry.mark == .present {
                present += 1
            } else {
                marked.append(student)
            }
        }
        return (
            present,
            // In the order the students came, which the command chose (by name or surname).
            marked.compactMap { student in
                student.attendance[lesson].map { (student, $0) }
            }
        )
    }

    /// A student's attendance rate as a percentage with one decimal, `nil` without lessons.
    static func ratePercent(_ row: AttendanceRegister.Summary) -> String? {
        row.rate.map { StudentText.score(($0 * 1000).rounded() / 10) }
    }

    /// The marks other than present, in the order a lesson's summary lists them.
    static let missedMarks: [AttendanceMark] = [.absent, .excused, .late]

    private static func dayText(_ row: LessonRow, width: Int) -> String {
        let lesson = row.lesson.value.map { "\(row.date), lesson \($0)" } ?? row.date
        let onRoll = row.marks.filter(\.onRoll)
        let names = missedMarks.map { mark in
            onRoll.filter { $0.mark == mark.rawValue }.map { mark in
                StudentText.registerName(mark.name, left: mark.left.value)
                    + (mark.reason.value.map { " (\(VisibleText.of($0)))" } ?? "")
            }
        }
        var text = lessonSummary("Register for \(lesson)", present: row.present, names: names, width: width)
        let offRoll = row.marks.filter { !$0.onRoll }.map { mark in
            "\(StudentText.registerName(mark.name, left: mark.left.value)) \(mark.mark)"
        }
        if !offRoll.isEmpty {
            text += StudentText.labelledNames("  Off the roll, not counted: ", offRoll, width: width) + "\n"
        }
        return text
    }

    /// A lesson's summary, as a day's report and the roll call give it: `heading`, how many were
    /// present and how many marked each way, then a line naming each mark's students, each
    /// wrapped at words to `width`.
    ///
    /// - Parameter names: The names shown for each of ``missedMarks``, in that order.
    static func lessonSummary(_ heading: String, present: Int, names: [[String]], width: Int) -> String {
        var summary = "\(heading): \(present) present"
        for (mark, names) in zip(missedMarks, names) where !names.isEmpty {
            summary += ", \(names.count) \(mark.rawValue)"
        }
        var text = WordWrap.wrapped(summary + ".", width: width, indent: 2) + "\n"
        for (mark, names) in zip(missedMarks, names) where !names.isEmpty {
            text +=
                StudentText.labelledNames("  \(mark.rawValue.capitalizedWord): ", names, width: width) + "\n"
        }
        return text
    }

    // MARK: A range

    /// One student's attendance over a range, as `register --from --format json` writes it.
    private struct SummaryRow: Encodable {
        let id: String
        let name: String
        let lessons: Int
        let present: Int
        let late: Int
        let absent: Int
        let excused: Int
        let attendancePercent: Nullable<Double>
        /// A leaver's leaving day.
        let left: Nullable<String>
    }

    /// Each student's lessons, marks and attendance rate; as CSV, the office's term report, with
    /// the school's id, the name's parts and a leaver's leaving day, fields separated by
    /// `delimiter` (`;` with decimal commas for the spreadsheets of most of Europe).
    static func range(
        _ rows: [AttendanceRegister.Summary], format: OutputFormat, width: Int = 80,
        delimiter: CSVRosterWriter.Delimiter = .comma
    ) throws -> String {
        switch format {
        case .json:
            return try JSONReport.text(
                rows.map { row in
                    SummaryRow(
                        id: row.student.id.uuidString, name: row.student.name, lessons: row.lessons,
                        present: row.present, late: row.late, absent: row.absent, excused: row.excused,
                        attendancePercent: Nullable(ratePercent(row).flatMap { Double($0) }),
                        left: Nullable(row.student.left?.text))
                })
        case .csv: return rangeCSV(rows, delimiter: delimiter)
        default: return rangeTable(rows, width: width)
        }
    }

    /// A summary's counts, in the order of the range's columns.
    private static func counts(_ row: AttendanceRegister.Summary) -> [Int] {
        [row.lessons, row.present, row.late, row.absent, row.excused]
    }

    /// The office's term report: one line a student, fields separated by `delimiter`.
    private static func rangeCSV(_ rows: [AttendanceRegister.Summary], delimiter: CSVRosterWriter.Delimiter)
        -> String
    {
        let separator = delimiter == .comma ? "," : ";"
        let header = [
            "id", "school_id", "name", "first_name", "last_name", "left", "lessons", "present", "late",
            "absent", "excused", "attendance_percent",
        ]
        return header.joined(separator: separator) + "\r\n"
            + rows.map { row in
                let student = row.student
                let texts = [student.schoolID, student.name, student.firstName, student.lastName]
                    .map { CSVRosterWriter.field(VisibleText.of($0 ?? "")) }
                let rate = ratePercent(row).map {
                    delimiter == .comma ? $0 : $0.replacing(".", with: ",")
                }
                return
                    ([student.id.uuidString] + texts + [student.left?.text ?? ""]
                    + counts(row).map(String.init) + [rate ?? ""]).joined(separator: separator) + "\r\n"
            }.joined()
    }

    /// The range as a table that fits `width`: the rate stays, and the other columns are left out
    /// when the terminal is narrow, excused first, then late, present, lessons and absent.
    private static func rangeTable(_ rows: [AttendanceRegister.Summary], width: Int) -> String {
        let wide = ["LESSONS", "PRESENT", "LATE", "ABSENT", "EXCUSED", "ATTENDANCE"]
        let short = ["LSNS", "PRES", "LATE", "ABS", "EXC", "RATE"]
        let names = rows.map { StudentText.registerName($0.student) }
        let nameWidths = names.map(DisplayWidth.of)
        // The widest count of each column, by its digits, and the rate's `100.0%` at most.
        let largest = rows.reduce(into: [Int](repeating: 0, count: 5)) { largest, row in
            for (column, count) in counts(row).enumerated() { largest[column] = max(largest[column], count) }
        }
        let cellWidths = largest.map { String($0).count } + [6]
        let columns = { (titles: [String]) in zip(titles, cellWidths).map { max($0.count, $1) } }
        let fit = TableFit(
            names: nameWidths, wide: columns(wide).map { $0 + 2 }, narrow: columns(short).map { $0 + 2 },
            width: width, dropOrder: [4, 2, 1, 0, 3])
        let titles = fit.usesShortTitles ? short : wide
        let widths = zip(columns(titles), fit.shows).map { $1 ? $0 : -1 }
        // Written as bytes: a school's range is 100,000 rows.
        var text = Array(
            (DisplayWidth.padded("NAME", to: fit.nameWidth)
                + zip(titles, widths).filter { $1 >= 0 }
                .map { "  " + String(repeating: " ", count: $1 - $0.count) + $0 }.joined()
                + "\n").utf8)
        text.reserveCapacity(text.count * (rows.count + 1))
        for (summary, (name, nameWidth)) in zip(rows, zip(names, nameWidths)) {
            let row = counts(summary).map(String.init) + [ratePercent(summary).map { $0 + "%" } ?? "-"]
            fit.append(name, width: nameWidth, to: &text)
            for (cell, columnWidth) in zip(row, widths) where columnWidth >= 0 {
                text.append(contentsOf: repeatElement(0x20, count: 2 + columnWidth - cell.utf8.count))
                text.append(contentsOf: cell.utf8)
            }
            text.append(0x0A)
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension String {
    /// The word with its first letter in upper case: `Absent`.
    fileprivate var capitalizedWord: String { prefix(1).uppercased() + dropFirst() }
}
