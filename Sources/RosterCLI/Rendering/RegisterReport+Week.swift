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

    /// The students on the roll at some time in the week from `monday` (joined by its Sunday,
    /// not left by its Monday), and any other with a mark that week, in the order given: a
    /// student who left before the week is not in its grid.
    static func onRoll(inWeekOf monday: SchoolDay, _ students: [Student]) -> [Student] {
        let sunday = monday.adding(days: 6)
        return students.filter { student in
            ((student.joined.map { $0 <= sunday } ?? true) && (student.left.map { $0 > monday } ?? true))
                || student.attendance.keys.contains { $0.day >= monday && $0.day <= sunday }
        }
    }

    /// The symbol of each mark in the week's grid.
    static let symbol: [AttendanceMark: String] = [.present: ".", .absent: "A", .excused: "E", .late: "L"]
    /// The grid's cell for a mark kept from a day the student was not on the roll: not counted.
    static let offRollSymbol = "-"

    /// The week's grid: the students on the roll that week (in the order given) by the lessons of
    /// the week holding `day`, each school day at least one column.
    static func week(of day: SchoolDay, _ students: [Student], format: OutputFormat, width: Int = 80) throws
        -> String
    {
        let students = onRoll(inWeekOf: day.monday, students)
        let (taken, columns) = weekColumns(from: day.monday, students)
        switch format {
        case .json: return try JSONReport.text(weekRows(students, taken: taken))
        case .csv: return weekCSV(weekRows(students, taken: taken), columns: columns)
        default: return weekTable(from: day.monday, students, columns: columns, width: width)
        }
    }

    /// Each student's marks in the lessons `taken`, with their count and how many were there.
    private static func weekRows(_ students: [Student], taken: Set<Lesson>) -> [WeekRow] {
        students.map { student in
            let own = student.attendance.filter { taken.contains($0.key) }
            let counted = own.filter { AttendanceRegister.counts($0.key, for: student) }
            return WeekRow(
                id: student.id.uuidString, name: student.name,
                marks: Dictionary(
                    uniqueKeysWithValues: own.map { ($0.key.description, $0.value.mark.rawValue) }),
                lessons: counted.count, there: counted.values.filter(\.mark.isThere).count,
                left: Nullable(student.left?.text))
        }
    }

    /// The week as CSV: a column for each lesson, none for a day without one.
    private static func weekCSV(_ rows: [WeekRow], columns: [(day: SchoolDay, lesson: Lesson?)]) -> String {
        let keys = columns.compactMap { $0.lesson?.description }
        return (["id", "name"] + keys + ["lessons", "there", "left"]).joined(separator: ",") + "\r\n"
            + rows.map { row in
                ([row.id, CSVRosterWriter.field(VisibleText.of(row.name))]
                    + keys.map { row.marks[$0] ?? "" }
                    + [String(row.lessons), String(row.there), row.left.value ?? ""]).joined(separator: ",")
                    + "\r\n"
            }.joined()
    }

    /// A column's title: `Mon 01/2`, or the day of the month alone, `01/2`, when the terminal is
    /// narrow (the first line names the week).
    private static func label(_ column: (day: SchoolDay, lesson: Lesson?), short: Bool) -> String {
        (short ? "" : String(column.day.weekdayName.prefix(3)) + " ")
            + String(column.day.text.suffix(2)) + (column.lesson?.name.map { "/" + $0 } ?? "")
    }

    /// The week as a table that fits `width`, with a total for each student.
    private static func weekTable(
        from monday: SchoolDay, _ students: [Student], columns: [(day: SchoolDay, lesson: Lesson?)],
        width: Int
    ) -> String {
        let names = students.map(StudentText.registerName)
        let nameWidths = names.map(DisplayWidth.of)
        // The total (7 with its gap) stays; when the terminal is narrow, days without a register
        // are left out first, the latest first, then the oldest lessons; the total counts them all.
        let untaken = columns.indices.filter { columns[$0].lesson == nil }.reversed()
        let fit = TableFit(
            names: nameWidths, wide: columns.map { label($0, short: false).count + 2 } + [7],
            narrow: columns.map { label($0, short: true).count + 2 } + [7], width: width,
            dropOrder: untaken + columns.indices.filter { columns[$0].lesson != nil })
        let labels = columns.map { label($0, short: fit.usesShortTitles) }
        var text = Array(((width < 25 ? "Week of " : "Week of Monday ") + "\(monday)\n").utf8)
        text +=
            (DisplayWidth.padded("NAME", to: fit.nameWidth)
            + zip(labels, fit.shows).filter(\.1).map { "  " + $0.0 }.joined() + "  TOTAL\n").utf8
        let cells = WeekCells(labels: labels)
        text.reserveCapacity(text.count * (students.count + 1))
        for (student, (name, nameWidth)) in zip(students, zip(names, nameWidths)) {
            fit.append(name, width: nameWidth, to: &text)
            cells.append(student, columns: columns, shown: fit.shows, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Each column's cell for each mark, and blank, made once: a school's week is 100,000 rows.
    private struct WeekCells {
        let blanks: [[UInt8]]
        let offRoll: [[UInt8]]
        let marks: [[(AttendanceMark, [UInt8])]]

        init(labels: [String]) {
            blanks = labels.map { Array(("  " + String(repeating: " ", count: $0.count)).utf8) }
            offRoll = labels.map { label in
                Array(
                    ("  " + RegisterReport.offRollSymbol + String(repeating: " ", count: label.count - 1))
                        .utf8)
            }
            marks = labels.map { label in
                AttendanceMark.allCases.map { mark in
                    let cell = RegisterReport.symbol[mark] ?? "?"
                    return (mark, Array(("  " + cell + String(repeating: " ", count: label.count - 1)).utf8))
                }
            }
        }

        /// A student's cells in the columns shown, and their total: `there/lessons`, counting the
        /// days they were on the roll.
        func append(
            _ student: Student, columns: [(day: SchoolDay, lesson: Lesson?)], shown: [Bool],
            to text: inout [UInt8]
        ) {
            var (lessons, there) = (0, 0)
            for (position, column) in columns.enumerated() {
                guard let lesson = column.lesson, let entry = student.attendance[lesson] else {
                    if shown[position] { text.append(contentsOf: blanks[position]) }
                    continue
                }
                guard AttendanceRegister.counts(lesson, for: student) else {
                    if shown[position] { text.append(contentsOf: offRoll[position]) }
                    continue
                }
                lessons += 1
                there += entry.mark.isThere ? 1 : 0
                guard shown[position] else { continue }
                text.append(contentsOf: marks[position].first { $0.0 == entry.mark }?.1 ?? blanks[position])
            }
            text.append(contentsOf: "  \(there)/\(lessons)\n".utf8)
        }
    }
}
