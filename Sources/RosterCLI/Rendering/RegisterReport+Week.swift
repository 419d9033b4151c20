import RosterEngine
import RosterKit

/// The register's week: a grid of students by the week's lessons.
extension RegisterReport {
    /// One student's week, as `register --week --format json` writes it.
    private struct WeekRow: Encodable {
        let id: String
        let name: String
        let marks: [String: String]
        let lessons: Int
        let there: Int
        /// A leaver's leaving day.
        let left: Nullable<String>
    }

    /// The week's grid: students (in the order given) by the lessons of the week holding `day`,
    /// each school day at least one column.
    /// The lessons taken in the week from `monday`, and the week's columns: each lesson, and each
    /// school day without one, blank; a weekend day only with a lesson.
    static func weekColumns(from monday: SchoolDay, _ students: [Student])
        -> (taken: Set<Lesson>, columns: [(day: SchoolDay, lesson: Lesson?)])
    {
        var taken: Set<Lesson> = []
        let sunday = monday.adding(days: 6)
        for student in students {
            for lesson in student.attendance.keys where lesson.day >= monday && lesson.day <= sunday {
                taken.insert(lesson)
            }
        }
        var columns: [(day: SchoolDay, lesson: Lesson?)] = []
        for offset in 0..<7 {
            let date = monday.adding(days: offset)
            let lessons = taken.filter { $0.day == date }.sorted()
            if lessons.isEmpty, offset < 5 { columns.append((date, nil)) }
            for lesson in lessons { columns.append((date, lesson)) }
        }
        return (taken, columns)
    }

    /// The symbol of each mark in the week's grid.
    static let symbol: [AttendanceMark: String] = [.present: ".", .absent: "A", .excused: "E", .late: "L"]

    static func week(of day: SchoolDay, _ students: [Student], format: String, width: Int = 80) throws
        -> String
    {
        let monday = day.monday
        let (taken, columns) = weekColumns(from: monday, students)
        switch format {
        case "json", "csv":
            let rows = students.map { student in
                let own = student.attendance.filter { taken.contains($0.key) }
                return WeekRow(
                    id: student.id.uuidString, name: student.name,
                    marks: Dictionary(
                        uniqueKeysWithValues: own.map { ($0.key.description, $0.value.mark.rawValue) }),
                    lessons: own.count, there: own.values.filter(\.mark.isThere).count,
                    left: Nullable(student.left?.text))
            }
            guard format == "csv" else { return try JSONReport.text(rows) }
            let keys = columns.compactMap { $0.lesson?.description }
            return (["id", "name"] + keys + ["lessons", "there", "left"]).joined(separator: ",") + "\r\n"
                + rows.map { row in
                    ([row.id, CSVRosterWriter.field(VisibleText.of(row.name))]
                        + keys.map { row.marks[$0] ?? "" }
                        + [String(row.lessons), String(row.there), row.left.value ?? ""]).joined(
                            separator: ",")
                        + "\r\n"
                }.joined()
        default:
            // Short labels are the day of the month alone: the first line names the week.
            let label = { (column: (day: SchoolDay, lesson: Lesson?), short: Bool) in
                (short ? "" : String(column.day.weekdayName.prefix(3)) + " ")
                    + String(column.day.text.suffix(2)) + (column.lesson?.name.map { "/" + $0 } ?? "")
            }
            let names = students.map(StudentText.registerName)
            let nameWidths = names.map(DisplayWidth.of)
            // The total (7 with its gap) stays; when the terminal is narrow, days without a register
            // are left out first, the latest first, then the oldest lessons; the total counts them all.
            let untaken = columns.indices.filter { columns[$0].lesson == nil }.reversed()
            let fit = TableFit(
                names: nameWidths, wide: columns.map { label($0, false).count + 2 } + [7],
                narrow: columns.map { label($0, true).count + 2 } + [7], width: width,
                dropOrder: untaken + columns.indices.filter { columns[$0].lesson != nil })
            let labels = columns.map { label($0, fit.usesShortTitles) }
            var header = (width < 25 ? "Week of " : "Week of Monday ") + "\(monday)\n"
            header +=
                DisplayWidth.padded("NAME", to: fit.nameWidth)
                + zip(labels, fit.shows).filter(\.1).map { "  " + $0.0 }.joined()
                + "  TOTAL\n"
            // Each column's cell for each mark, and blank, made once: a school's week is 100,000 rows.
            let blanks = labels.map { Array(("  " + String(repeating: " ", count: $0.count)).utf8) }
            let cells = labels.map { label in
                AttendanceMark.allCases.map { mark in
                    let cell = symbol[mark] ?? "?"
                    return (mark, Array(("  " + cell + String(repeating: " ", count: label.count - 1)).utf8))
                }
            }
            var text = Array(header.utf8)
            text.reserveCapacity(text.count * (students.count + 1))
            for (student, (name, nameWidth)) in zip(students, zip(names, nameWidths)) {
                fit.append(name, width: nameWidth, to: &text)
                let attendance = student.attendance
                var (lessons, there) = (0, 0)
                for (position, column) in columns.enumerated() {
                    let shown = fit.shows[position]
                    guard let entry = column.lesson.flatMap({ attendance[$0] }) else {
                        if shown { text.append(contentsOf: blanks[position]) }
                        continue
                    }
                    lessons += 1
                    there += entry.mark.isThere ? 1 : 0
                    guard shown else { continue }
                    text.append(
                        contentsOf: cells[position].first { $0.0 == entry.mark }?.1 ?? blanks[position])
                }
                text.append(contentsOf: "  \(there)/\(lessons)\n".utf8)
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
