import RosterEngine

/// Writes students as CSV (RFC 4180) that spreadsheets open safely.
///
/// The header is `id,name,age,grade,score`, with `school_id` after `id`, `first_name` and
/// `last_name` after `name` and the other ``StudentDetail`` columns (`note`, `pronouns`,
/// `guardian`, `guardian_email`, `joined`, `left`) at the end when some student has them; lines end with
/// CRLF; a field is quoted when it holds a comma, a semicolon, a quote, CR or LF, with quotes
/// doubled. A field that a spreadsheet would run as a formula, one starting with `=`, `+`, `-`,
/// `@`, a tab or CR, gets a leading `'`, the guard Excel, LibreOffice and Google Sheets show as
/// text; a field already starting with `'` gets one too, so that the importer can remove exactly
/// one and give back the original.
package enum CSVRosterWriter {
    /// The header row's column names.
    package static let columns = StudentField.keys

    /// What separates a CSV file's fields, and the decimal point that goes with it.
    package enum Delimiter: String, Sendable, CaseIterable {
        /// `,` between fields and `.` in numbers: RFC 4180, and spreadsheets in English.
        case comma
        /// `;` between fields and `,` in numbers, as spreadsheets in German, French and many other
        /// languages save CSV; ``RosterImporter`` reads both.
        case semicolon

        /// The byte between fields.
        var separator: UInt8 { self == .comma ? UInt8(ascii: ",") : UInt8(ascii: ";") }
        /// The byte for a score's decimal point.
        var decimalPoint: UInt8 { self == .comma ? UInt8(ascii: ".") : UInt8(ascii: ",") }
    }

    /// The CSV text for `students`, in the given order.
    ///
    /// - Parameters:
    ///   - students: The students to write.
    ///   - delimiter: What separates the fields.
    /// - Returns: The whole file, header included.
    package static func text(for students: [Student], delimiter: Delimiter = .comma) -> String {
        String(decoding: bytes(for: students, delimiter: delimiter), as: UTF8.self)
    }

    /// The CSV file's bytes for `students`, in the given order; see ``write(_:order:delimiter:header:exact:to:)``
    /// for `exact`.
    static func bytes(
        for students: [Student], order: [Int]? = nil, delimiter: Delimiter = .comma, exact: Bool = false
    ) -> [UInt8] {
        var result: [UInt8] = []
        write(students, order: order, delimiter: delimiter, exact: exact) { result.append(contentsOf: $0) }
        return result
    }

    /// Writes the CSV file for `students` in the given order, handing the bytes to `emit` in
    /// pieces as they are made; without `header`, the rows alone. A long file is written in parts
    /// at once (see `ParallelWork`).
    ///
    /// With `exact`, names and details are written as they are, for a file that must read back
    /// as the same roster; without it, their control characters are written as ``VisibleText``
    /// shows them, for CSV that a terminal shows.
    static func write(
        _ students: [Student], order: [Int]? = nil, delimiter: Delimiter = .comma, header: Bool = true,
        exact: Bool = false, to emit: ([UInt8]) -> Void
    ) {
        let details = DetailColumns(students)
        if header {
            let names = details.header(columns)
            emit(Array((names.joined(separator: delimiter == .comma ? "," : ";") + "\r\n").utf8))
        }
        let positions = order ?? Array(students.indices)
        // The rows read the students through a buffer, which lends each one instead of copying it.
        SharedBuffer.reading(students) { students in
            ParallelWork.writeRows(count: positions.count, emit: emit) { number, output in
                append(
                    students, at: positions[number], delimiter: delimiter, details: details, exact: exact,
                    to: &output)
            }
        }
    }

    /// The detail columns a file has: each ``StudentDetail`` some student has a value for, with the
    /// others of its column group, in their places.
    private struct DetailColumns: Sendable {
        /// The details written after the id, after the name and at the end of a row.
        let afterID: [StudentDetail]
        let afterName: [StudentDetail]
        let end: [StudentDetail]

        init(_ students: [Student]) {
            var groups = Set<Int>()
            for index in students.indices where !students[index].details.isEmpty {
                for (detail, _) in students[index].details.present { groups.insert(detail.facts.columnGroup) }
            }
            let written = StudentDetail.allCases.filter { groups.contains($0.facts.columnGroup) }
            afterID = written.filter { $0.facts.place == .afterID }
            afterName = written.filter { $0.facts.place == .afterName }
            end = written.filter { $0.facts.place == .end }
        }

        /// The header's names with these columns in their places: a field's name with `_` for
        /// its spaces, such as `school_id`.
        func header(_ columns: [String]) -> [String] {
            func names(_ details: [StudentDetail]) -> [String] {
                details.map { $0.field.replacing(" ", with: "_") }
            }
            return [columns[0]] + names(afterID) + [columns[1]] + names(afterName) + columns[2...]
                + names(end)
        }
    }

    /// Appends the row of the student at `index`, reading its fields where they are: copying the
    /// whole student for each row costs more than writing it.
    private static func append(
        _ students: SharedBuffer<Student>, at index: Int, delimiter: Delimiter, details: DetailColumns,
        exact: Bool, to output: inout [UInt8]
    ) {
        let separator = delimiter.separator
        // A name a file brought with control characters is written with them escaped, so that a
        // CSV shown on a terminal cannot drive it; a file that must come back keeps them.
        let visible = { (text: String) in exact ? text : VisibleText.of(text) }
        let name = visible(students[index].name)
        let writtenAge = students[index].writtenAge.map(visible)
        // A name's bytes can double when quoted, plus its guard and quotes.
        var texts = StudentDetails()
        for (detail, text) in students[index].details.present { texts[detail] = visible(text) }
        let maximumCount =
            50 + 2 * (name.utf8.count + (writtenAge?.utf8.count ?? 0)) + 2 * ByteCursor.maximumDecimalCount
            + ByteCursor.maximumScoreCount
            + texts.present.reduce(0) { $0 + 4 + 2 * $1.text.utf8.count }
        output.appendRow(maximumCount: maximumCount) { row in
            func text(_ details: [StudentDetail]) {
                for detail in details {
                    row.append(separator)
                    if let text = texts[detail] { row.append(csvField: text) }
                }
            }
            row.append(id: students[index].id)
            text(details.afterID)
            row.append(separator)
            row.append(csvField: name)
            text(details.afterName)
            row.append(separator)
            if let writtenAge {
                row.append(csvField: writtenAge)
            } else {
                row.append(decimal: students[index].age)
            }
            row.append(separator)
            if let grade = students[index].grade { row.append(decimal: grade) }
            row.append(separator)
            if let score = students[index].score {
                row.append(score: score, decimalSeparator: delimiter.decimalPoint)
            }
            text(details.end)
            row.append(static: "\r\n")
        }
    }

    /// Rows of fields as CSV text: each field as ``field(_:)`` writes it, each line ended `\r\n`.
    package static func lines(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One field, guarded against formulas and quoted when needed.
    package static func field(_ value: String) -> String {
        var output: [UInt8] = []
        output.appendRow(maximumCount: 3 + 2 * value.utf8.count) { row in
            row.append(csvField: value)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
