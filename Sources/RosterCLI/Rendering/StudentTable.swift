import RosterEngine
import RosterKit

/// Renders students as an aligned table that fits the terminal's width.
///
/// Columns line up by display width, so names in any script stay aligned; when the table is too
/// wide, the name column is shortened with `…` rather than wrapped. Each name's width is measured
/// once, since measuring is the costly part of a large table.
package struct StudentTable {
    /// How many characters of each student's id to show, in the roster's order.
    package let shortIDLengths: [Int]
    /// The widest the table may be.
    package let width: Int
    /// How the header is styled, for example in bold at a terminal.
    package var styleHeader: @Sendable (String) -> String = { $0 }
    /// Whether to print the header row.
    package var showsHeader = true
    /// Each student's overall result in the markbook, in the roster's order, shown as RESULT in
    /// place of the score; `nil` for a class without a markbook.
    package var results: [Double?]?
    /// Whether a leaver's name is shown with their leaving day, `Ada Lovelace (left 2026-11-30)`,
    /// as `list --all` lists leavers among everyone else.
    package var marksLeavers = false

    /// A table that shows `shortIDLengths` characters of each id and is at most `width` wide.
    package init(shortIDLengths: [Int], width: Int) {
        (self.shortIDLengths, self.width) = (shortIDLengths, width)
    }

    private static let headers = StudentField.allCases.map { $0.label.uppercased() }
    private static let gap = 2
    /// The fewest columns a name is cut to while the ID column is shown.
    private static let shortestCutName = 16
    /// The fewest columns a name is cut to while a number column can still be left out.
    private static let shortestName = 13

    /// Writes the table, handing the rows to `emit` a block at a time.
    ///
    /// A first pass measures every cell and gathers the names (see ``NameColumn``), and a second
    /// writes the rows. A long table is measured and written in parts at once.
    package func write(_ students: [Student], order: [Int]? = nil, to emit: ([UInt8]) -> Void) {
        let order = order ?? Array(students.indices)
        var (widths, names) = measure(students, listing: order)
        fit(&widths)
        if showsHeader {
            var header: [UInt8] = []
            appendHeader(widths: widths, to: &header)
            emit(header)
        }
        let (first, last, table, columns) = (names[0], names[names.count - 1], self, ColumnWidths(widths))
        // The rows read what every row reads through buffers: the cores share them, and counting
        // references to shared arrays once per row would make each core wait for the other.
        SharedBuffer.reading(students) { students in
            SharedBuffer.reading(shortIDLengths) { idLengths in
                first.reading { first in
                    last.reading { last in
                        ParallelWork.writeRows(count: order.count, emit: emit) { row, output in
                            let index = order[row]
                            table.appendRow(
                                of: students, at: index, idLength: idLengths[index],
                                names: index < last.start ? first : last, widths: columns, to: &output)
                        }
                    }
                }
            }
        }
    }

    /// Fits the columns to the terminal: at a narrow width the ID column goes before names are
    /// cut below 16 columns, then the grade, the score and the age, in turn, before names are
    /// cut below 12; a width of 0 leaves a column out.
    private func fit(_ widths: inout [Int]) {
        func others(_ widths: [Int]) -> Int {
            [2, 3, 4, 0].reduce(0) { $0 + (widths[$1] == 0 ? 0 : widths[$1] + Self.gap) }
        }
        if width - others(widths) < min(Self.shortestCutName, widths[1]) { widths[0] = 0 }
        for column in [3, 4, 2] where width - others(widths) < min(Self.shortestName, widths[1]) {
            widths[column] = 0
        }
        widths[1] = max(4, min(widths[1], width - others(widths)))
    }

    /// The width of every column, and the names of the listed students; a long table is measured
    /// in parts at once, each part of the roster giving its own part of the names.
    ///
    /// Students are measured in the roster's order, whatever the listing's: reading a large
    /// roster from start to end is several times faster than jumping about it in sorted order.
    private func measure(_ students: [Student], listing order: [Int]) -> ([Int], [NameColumn]) {
        var listed: [Bool] = []
        if order.count < students.count {
            listed = Array(repeating: false, count: students.count)
            for index in order { listed[index] = true }
        }
        let isListed = listed
        let parts = ParallelWork.parts(count: students.count) { range in
            measure(students, range, isListed: isListed)
        }
        let widths = parts.dropFirst().reduce(parts[0].widths) { zip($0, $1.widths).map(max) }
        return (widths, parts.map(\.names))
    }

    private func measure(_ students: [Student], _ range: Range<Int>, isListed: [Bool]) -> (
        widths: [Int], names: NameColumn
    ) {
        var widths = Self.headers.map(\.count)
        widths[4] = scoreTitle.count
        var names = NameColumn(start: range.lowerBound, capacity: range.count)
        // Reading through a buffer lends each student instead of copying it.
        SharedBuffer.reading(students) { students in
            for index in range {
                guard isListed.isEmpty || isListed[index] else {
                    names.append(nil, width: 0)
                    continue
                }
                let name = shownName(students[index])
                let width = measure(
                    students[index], name: name, score: score(in: students, at: index),
                    idLength: shortIDLengths[index], into: &widths)
                names.append(name, width: width)
            }
        }
        return (widths, names)
    }

    /// Widens the columns to fit one student; returns the name's display width.
    private func measure(
        _ student: Student, name: String, score: Double?, idLength: Int, into widths: inout [Int]
    ) -> Int {
        let nameWidth = DisplayWidth.of(name)
        widths[0] = max(widths[0], idLength)
        widths[1] = max(widths[1], nameWidth)
        widths[2] = max(
            widths[2],
            student.writtenAge.map { DisplayWidth.of(VisibleText.of($0)) }
                ?? DecimalText.width(of: student.age))
        widths[3] = max(widths[3], student.grade.map(DecimalText.width(of:)) ?? 1)
        widths[4] = max(widths[4], score.map(DecimalText.width(ofScore:)) ?? 1)
        return nameWidth
    }

    /// The student's name as the table shows it, controls escaped.
    private func shownName(_ student: Student) -> String {
        marksLeavers && student.left != nil ? StudentText.registerName(student) : VisibleText.of(student.name)
    }

    /// The title of the last column: the result once the class has a markbook, else the score.
    private var scoreTitle: String { results == nil ? "SCORE" : "RESULT" }

    /// What the last column shows for the student at `index`: their result in the markbook, or
    /// their score when the class has none.
    private func score(in students: SharedBuffer<Student>, at index: Int) -> Double? {
        results.map { $0[index] } ?? students[index].score
    }

    private func appendHeader(widths: [Int], to output: inout [UInt8]) {
        var header = widths[0] == 0 ? "" : "ID" + String(repeating: " ", count: widths[0] - 2 + Self.gap)
        header += "NAME" + String(repeating: " ", count: widths[1] - 4)
        for (title, width) in zip(["AGE", "GRADE", scoreTitle], widths[2...]) where width > 0 {
            header += String(repeating: " ", count: Self.gap + width - title.count) + title
        }
        output.append(contentsOf: styleHeader(header).utf8)
        output.append(0x0A)
    }

    /// Appends the row of the student at `index`, reading only the fields it shows: its name comes
    /// from `names` unless it must be shortened.
    private func appendRow(
        of students: SharedBuffer<Student>, at index: Int, idLength: Int, names: NameColumn.Shared,
        widths: ColumnWidths, to output: inout [UInt8]
    ) {
        let nameWidth = names.width(at: index)
        guard nameWidth > widths.name else {
            appendRow(
                of: students, at: index, idLength: idLength, name: .shared(names, index),
                nameWidth: nameWidth, widths: widths, to: &output)
            return
        }
        let shortened = DisplayWidth.truncated(shownName(students[index]), to: widths.name)
        appendRow(
            of: students, at: index, idLength: idLength, name: .made(Array(shortened.utf8)),
            nameWidth: DisplayWidth.of(shortened), widths: widths, to: &output)
    }

    /// A name as a row writes it: from the table's names, or made for the row.
    private enum RowName {
        case shared(NameColumn.Shared, Int)
        case made([UInt8])

        var count: Int {
            switch self {
            case .shared(let names, let index): names.range(at: index).count
            case .made(let bytes): bytes.count
            }
        }

        func write(to row: inout ByteCursor) {
            switch self {
            case .shared(let names, let index): row.append(names.bytes, range: names.range(at: index))
            case .made(let bytes): row.append(bytes)
            }
        }
    }

    private func appendRow(
        of students: SharedBuffer<Student>, at index: Int, idLength: Int, name: RowName, nameWidth: Int,
        widths: ColumnWidths, to output: inout [UInt8]
    ) {
        // Each field is read where the student is: copying the whole student costs more than the row.
        let (age, grade, score) = (students[index].age, students[index].grade, score(in: students, at: index))
        // An age kept as written is shown as it is, its controls escaped; there are few.
        let writtenAge = students[index].writtenAge.map(VisibleText.of)
        let maximumCount =
            64 + widths.total + 5 * Self.gap + name.count + (writtenAge?.utf8.count ?? 0) + 2
            * ByteCursor.maximumDecimalCount
            + ByteCursor.maximumScoreCount
        let id = students[index].id
        ByteCursor.appendRow(to: &output, maximumCount: maximumCount) { row in
            if widths.id > 0 {
                row.append(id: id, characters: idLength)
                row.append(spaces: widths.id - idLength + Self.gap)
            }
            name.write(to: &row)
            row.append(spaces: widths.name - nameWidth)
            if widths.age > 0, let writtenAge {
                row.append(spaces: Self.gap + widths.age - DisplayWidth.of(writtenAge))
                row.append(utf8: writtenAge)
            } else if widths.age > 0 {
                row.append(spaces: Self.gap + widths.age - DecimalText.width(of: age))
                row.append(decimal: age)
            }
            if widths.grade > 0 {
                row.append(spaces: Self.gap + widths.grade - (grade.map(DecimalText.width(of:)) ?? 1))
                if let grade { row.append(decimal: grade) } else { row.append(0x2D) }
            }
            if widths.score > 0 {
                row.append(spaces: Self.gap + widths.score - (score.map(DecimalText.width(ofScore:)) ?? 1))
                if let score { row.append(score: score) } else { row.append(0x2D) }
            }
            row.append(0x0A)
        }
    }

    /// The columns' widths as the rows read them, copied into each row's work without an array's
    /// reference count; 0 leaves a column out.
    private struct ColumnWidths: Sendable {
        let id, name, age, grade, score: Int

        init(_ widths: [Int]) {
            (id, name, age, grade, score) = (widths[0], widths[1], widths[2], widths[3], widths[4])
        }

        var total: Int { id + name + age + grade + score }
    }
}

/// The names of the students a table lists, as UTF-8 bytes one after another, with the display
/// width of each.
///
/// A table is measured in the roster's order and written in the listing's. Gathering the names in
/// the first pass lets the second copy each name's bytes without touching its `String`: on a
/// large roster in sorted order, every such touch waits for memory, and changing the string's
/// reference count makes the processor wait for each one in turn.
struct NameColumn {
    /// The position in the roster of the first student measured.
    let start: Int
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var widths: [Int] = []

    /// An empty column for the students from position `start` on.
    init(start: Int, capacity: Int) {
        self.start = start
        ends.reserveCapacity(capacity)
        widths.reserveCapacity(capacity)
    }

    /// Adds the next student's name; `nil` for a student the table does not list.
    mutating func append(_ name: String?, width: Int) {
        if let name { bytes.append(contentsOf: name.utf8) }
        ends.append(bytes.count)
        widths.append(width)
    }

    /// Calls `body` with the names shared through a buffer, for the rows that the cores write.
    func reading<Result>(_ body: (Shared) -> Result) -> Result {
        SharedBuffer.reading(bytes) { bytes in
            SharedBuffer.reading(ends) { ends in
                SharedBuffer.reading(widths) { widths in
                    body(Shared(start: start, bytes: bytes, ends: ends, widths: widths))
                }
            }
        }
    }

    /// The names as the rows read them, through buffers; see ``reading(_:)``.
    struct Shared: Sendable {
        /// The position in the roster of the first student measured.
        let start: Int
        /// The names' UTF-8 bytes, one after another.
        let bytes: SharedBuffer<UInt8>
        let ends: SharedBuffer<Int>
        let widths: SharedBuffer<Int>

        /// The display width of the name of the student at `index` in the roster.
        func width(at index: Int) -> Int {
            widths[index - start]
        }

        /// Where in ``bytes`` the name of the student at `index` in the roster is.
        func range(at index: Int) -> Range<Int> {
            let position = index - start
            return (position == 0 ? 0 : ends[position - 1])..<ends[position]
        }
    }
}
