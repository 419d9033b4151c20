import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns CSV records into students, mapping columns by the header's names.
enum CSVImport {
    /// - Parameters:
    ///   - defaultAge: The age of rows without one; with it, the file needs no age column.
    ///   - dateOrder: How the file's slashed birth dates are written; without it, as its dates show.
    static func read(
        _ text: CSVText, defaultAge: Int? = nil, dateOrder: DateOrder? = nil,
        progress: (@Sendable (Int) -> Void)? = nil
    )
        throws(ImportError)
        -> (RosterImporter.Result, [ImportProblem])
    {
        // A NUL byte is in no text a spreadsheet saves: the file is binary (or all zeros), and is
        // refused before any of it is parsed.
        if text.holdsNUL {
            throw refusal("The file is not text: it holds NUL bytes. Save it as CSV (UTF-8) and import that.")
        }
        let layout = CSVLayout(text)
        // Refused at once, before a row is parsed: a student read costs memory whatever their
        // row's size, and past this many rows a file of short rows would cost more than its size says.
        if layout.lines > RosterImporter.maximumRows + 1 {
            throw refusal(
                "The file has \(NameList.grouped(layout.lines)) lines, and an import takes at most "
                    + "\(NameList.grouped(RosterImporter.maximumRows)) students. Split it into smaller files."
            )
        }
        // The order of slashed dates is the whole file's, found before any row is read; a file
        // that cannot say it is refused only when it has a birth date column (below).
        let order = Result { () throws(DateOrderError) in
            try BirthDate.order(in: text.bytes, given: dateOrder)
        }
        let separator = text.separator
        var rows: Rows
        if let split = layout.split(text) {
            rows = try readInHalves(
                text, at: split, lines: layout.lines, separator: separator, defaultAge: defaultAge,
                dateOrder: (try? order.get()) ?? nil, progress: progress)
        } else {
            rows = Rows(
                separator: separator, capacity: layout.lines, defaultAge: defaultAge,
                dateOrder: (try? order.get()) ?? nil)
            try rows.read(CSVReader(text, separator: separator), progress: progress)
        }
        if case .failure(let problem) = order, rows.columns["date of birth"] != nil {
            throw ImportError(problems: [ImportProblem(message: problem.description)], dateOrder: problem)
        }
        guard rows.header != nil else {
            throw refusal("The file is empty; it needs a header row such as id,name,age,grade,score.")
        }
        return finished(rows)
    }

    /// The refusal of a whole file, for `reason`.
    private static func refusal(_ reason: String) -> ImportError {
        ImportError(problems: [ImportProblem(message: reason)])
    }

    /// The students read, with the notes on them and the fields the file can blank, and the
    /// problems of its rows.
    private static func finished(_ rows: Rows) -> (RosterImporter.Result, [ImportProblem]) {
        var result = rows.result
        result.notes = rows.notes
        let blankable: [(String, RosterImporter.BlankableField)] =
            [(StudentField.grade.field, .grade), (StudentField.score.field, .score)]
            + StudentDetail.allCases.filter(\.facts.blankClears).map { ($0.field, .detail($0)) }
        result.blankableFields = Set(blankable.filter { rows.columns[$0.0] != nil }.map(\.1))
        return (result, rows.problems)
    }

    /// Reads a large file as two halves at once, one per core, and joins them in order.
    ///
    /// The second half needs the header's columns before it starts, so the header is read first.
    private static func readInHalves(
        _ text: CSVText, at split: (position: Int, line: Int), lines: Int,
        separator: UInt8, defaultAge: Int?, dateOrder: DateOrder?,
        progress: (@Sendable (Int) -> Void)?
    ) throws(ImportError) -> Rows {
        let halves = ParallelWork.each(2) { half in
            Result { () throws(ImportError) -> Rows in
                guard half == 1 else {
                    // The first half has room for every row, so the second is added to it in place.
                    var first = Rows(
                        separator: separator, capacity: lines + 1, defaultAge: defaultAge,
                        dateOrder: dateOrder,
                        inParallel: true)
                    try first.read(
                        CSVReader(text, range: 0..<split.position, separator: separator), progress: progress)
                    return first
                }
                var second = Rows(
                    separator: separator, capacity: lines + 2 - split.line, defaultAge: defaultAge,
                    dateOrder: dateOrder, inParallel: true)
                try second.read(
                    CSVReader(text, range: 0..<text.headerEnd, separator: separator), progress: nil)
                second.forgetHeaderFindings()
                try second.read(
                    CSVReader(
                        text, range: split.position..<text.bytes.count, separator: separator,
                        firstLine: split.line),
                    progress: nil)
                return second
            }
        }
        var joined = try halves[0].get()
        joined.append(try halves[1].get())
        return joined
    }

    /// The rows read so far: the header's columns, then the rows, validated a batch at a time.
    private struct Rows {
        /// How many rows are read before they are validated, in parts at once when there are enough.
        static let batchSize = 2 * ParallelWork.worthSplitting

        let separator: UInt8
        /// The age of rows without one.
        let defaultAge: Int?
        /// How slashed birth dates are written.
        let dateOrder: DateOrder?
        /// Whether another `Rows` is reading the other half of the file on the other core.
        let inParallel: Bool
        /// The day a birth date's age is counted to.
        let today = SchoolDay.today()
        var header: CSVRecord?
        var columns: [String: Int] = [:]
        /// The column of each of ``CSVImport/fields``, looked up once rather than once a row.
        var fieldColumns: [Int?] = []
        var notes: [String] = []
        var result = RosterImporter.Result()
        var problems: [ImportProblem] = []
        var pending: [CSVRecord] = []
        var ids = IDGenerator()
        var count = 0

        init(
            separator: UInt8, capacity: Int, defaultAge: Int?, dateOrder: DateOrder?, inParallel: Bool = false
        ) {
            (self.separator, self.defaultAge, self.dateOrder, self.inParallel) = (
                separator, defaultAge, dateOrder, inParallel
            )
            // Room for one student a line, reserved once: growing the arrays as rows arrive
            // would leave them up to twice as large as needed.
            result.reserveCapacity(capacity)
        }

        /// Reads and checks every record `reader` reads.
        mutating func read(_ reader: CSVReader, progress: (@Sendable (Int) -> Void)?) throws(ImportError) {
            var reader = reader
            do throws(ImportProblem) {
                while let record = try reader.nextRecord() {
                    // Each half of a file read in halves counts about half the rows.
                    if count % 5000 == 0 { progress?(inParallel ? 2 * count : count) }
                    try add(record)
                    if pending.count >= Self.batchSize { validatePending() }
                }
            } catch {
                throw ImportError(problems: [error])
            }
            validatePending()
        }

        /// Adds the rows of the file's next part, read by `other`; this part should have room
        /// for them (see ``readInHalves(_:at:lines:separator:progress:)``).
        mutating func append(_ other: Rows) {
            result.students += other.result.students
            result.sources += other.result.sources
            problems += other.problems
            count += other.count
        }

        /// Forgets what reading the header alone found, which the first half reports again.
        mutating func forgetHeaderFindings() {
            (notes, problems, count) = ([], [], 0)
        }

        /// Takes one record; the header maps the columns, every other record is a student.
        mutating func add(_ record: CSVRecord) throws(ImportProblem) {
            guard let header else {
                do {
                    (columns, notes) = try CSVImport.map(record)
                } catch {
                    throw error.problems.first ?? ImportProblem(message: "\(error)")
                }
                header = record
                fieldColumns = CSVImport.fields.map { columns[$0] }
                return
            }
            // A row a spreadsheet cleared comes back as `,,,,`: skipped like a blank line.
            if record.fields.allSatisfy({ $0.allSatisfy { $0 == " " || $0 == "\t" } }) { return }
            count += 1
            guard record.fields.count == header.fields.count else {
                problems.append(
                    ImportProblem(
                        line: record.line,
                        message:
                            "The row has \(record.fields.count) fields but the header has \(header.fields.count)."
                    ))
                return
            }
            guard inParallel else {
                pending.append(record)
                return
            }
            // A file read in halves keeps both cores busy already: each row is checked as it is
            // read, and goes to the result without being held in a batch first.
            if let row = Self.validate(
                record, columns: fieldColumns, decimalComma: separator != 0x2C, defaultAge: defaultAge,
                dateOrder: dateOrder, today: today, ids: &ids, problems: &problems)
            {
                result.append(row)
            }
        }

        /// Validates the rows read since the last call, in two halves at once for a large batch,
        /// keeping file order.
        mutating func validatePending() {
            guard !pending.isEmpty else { return }
            let (records, columns, decimalComma) = (pending, fieldColumns, separator != 0x2C)
            let (defaultAge, dateOrder, today) = (defaultAge, dateOrder, today)
            let validate:
                @Sendable (Range<Int>) -> ([(student: Student, source: ImportSource)], [ImportProblem]) = {
                    range in
                    var ids = IDGenerator()
                    var problems: [ImportProblem] = []
                    let rows = range.compactMap { index in
                        Self.validate(
                            records[index], columns: columns, decimalComma: decimalComma,
                            defaultAge: defaultAge, dateOrder: dateOrder, today: today, ids: &ids,
                            problems: &problems)
                    }
                    return (rows, problems)
                }
            for (rows, problems) in ParallelWork.parts(count: records.count, validate) {
                for row in rows { result.append(row) }
                self.problems += problems
            }
            pending.removeAll(keepingCapacity: true)
        }

        /// The place of `detail` in ``CSVImport/fields``.
        static func column(of detail: StudentDetail) -> Int {
            CSVImport.detailFields + detail.position
        }

        /// Checks one row as `roster add` would; a decimal comma is read as a point when `;`
        /// separates the fields.
        private static func validate(
            _ record: CSVRecord, columns: [Int?], decimalComma: Bool, defaultAge: Int?,
            dateOrder: DateOrder?, today: SchoolDay, ids: inout IDGenerator, problems: inout [ImportProblem]
        ) -> (student: Student, source: ImportSource)? {
            // `columns` follows the order of `CSVImport.fields`.
            func value(_ field: Int) -> String? {
                columns[field].map { ByteCursor.unguarded(csvField: record.fields[$0]) }
            }
            var score = value(4)
            if decimalComma { score = score.map { String($0.map { $0 == "," ? "." : $0 }) } }
            // A name split in two columns, as spreadsheets keep it, is joined, and its parts kept.
            let split = [value(Self.column(of: .firstName)), value(Self.column(of: .lastName))].compactMap {
                $0?.trimmingSpaces()
            }.filter { !$0.isEmpty }
            let name =
                value(1) ?? (columns[Self.column(of: .firstName)] == nil ? nil : split.joined(separator: " "))
            var age = value(2)
            let birth = value(5).flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
            if let defaultAge, birth == nil, age?.trimmingSpaces().isEmpty ?? true {
                age = String(defaultAge)
            }
            var details = StudentDetails()
            for detail in StudentDetail.allCases {
                if let text = value(Self.column(of: detail)), !text.isEmpty { details[detail] = text }
            }
            return RosterImporter.student(
                id: value(0), name: name, age: age, birth: birth.map { ($0, today, dateOrder) },
                grade: value(3),
                score: score, details: details, line: record.line, ids: &ids, problems: &problems)
        }
    }
}
