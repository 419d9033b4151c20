import Foundation

/// Turns CSV records into students, mapping columns by the header's names.
enum CSVImport {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, progress: ((Int) -> Void)? = nil)
        throws(ImportError)
        -> (RosterImporter.Result, [ImportProblem])
    {
        var rows = Rows(decimalComma: CSVRosterReader.separator(in: bytes) == 0x3B)
        // Room for one student a line, reserved once: growing the arrays as rows arrive would
        // leave them up to twice as large as needed.
        rows.result.reserveCapacity(bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
        do {
            _ = try CSVRosterReader(bytes) { record throws(ImportProblem) in
                if rows.count % 5000 == 0 { progress?(rows.count) }
                try rows.add(record)
                if rows.pending.count >= Rows.batchSize { rows.validatePending() }
            }
        } catch {
            throw ImportError(problems: [error])
        }
        rows.validatePending()
        guard rows.header != nil else {
            throw ImportError(problems: [
                ImportProblem(
                    message: "The file is empty; it needs a header row such as id,name,age,grade,score.")
            ])
        }
        rows.result.notes = rows.notes
        return (rows.result, rows.problems)
    }

    /// The rows read so far: the header's columns, then the rows, validated a batch at a time.
    private struct Rows {
        /// How many rows are read before they are validated, on both cores when there are enough.
        static let batchSize = 2 * ParallelWork.worthSplitting

        let decimalComma: Bool
        var header: CSVRosterReader.Record?
        var columns: [String: Int] = [:]
        var notes: [String] = []
        var result = RosterImporter.Result()
        var problems: [ImportProblem] = []
        var pending: [CSVRosterReader.Record] = []
        var count = 0

        init(decimalComma: Bool) {
            self.decimalComma = decimalComma
        }

        /// Takes one record; the header maps the columns, every other record is a student.
        mutating func add(_ record: CSVRosterReader.Record) throws(ImportProblem) {
            guard let header else {
                do {
                    (columns, notes) = try CSVImport.map(record)
                } catch {
                    throw error.problems.first ?? ImportProblem(message: "\(error)")
                }
                header = record
                return
            }
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
            pending.append(record)
        }

        /// Validates the rows read since the last call, in two halves at once for a large batch,
        /// keeping file order.
        mutating func validatePending() {
            // Each field's column, looked up once rather than once a row.
            let columns = CSVRosterWriter.columns.map { self.columns[$0] }
            let (records, decimalComma) = (pending, self.decimalComma)
            let halves = ParallelWork.halves(count: records.count) { range in
                var ids = IDGenerator()
                var problems: [ImportProblem] = []
                let rows = range.compactMap { index in
                    Self.validate(
                        records[index], columns: columns, decimalComma: decimalComma, ids: &ids,
                        problems: &problems)
                }
                return (rows, problems)
            }
            for (rows, problems) in halves {
                for row in rows { result.append(row) }
                self.problems += problems
            }
            pending.removeAll(keepingCapacity: true)
        }

        /// Checks one row as `roster add` would; a decimal comma is read as a point when `;`
        /// separates the fields.
        private static func validate(
            _ record: CSVRosterReader.Record, columns: [Int?], decimalComma: Bool, ids: inout IDGenerator,
            problems: inout [ImportProblem]
        ) -> (student: Student, source: ImportSource)? {
            // `columns` follows the order of `CSVRosterWriter.columns`: id, name, age, grade, score.
            func value(_ field: Int) -> String? {
                columns[field].map { CSVImport.unguarded(record.fields[$0]) }
            }
            var score = value(4)
            if decimalComma { score = score.map { String($0.map { $0 == "," ? "." : $0 }) } }
            return RosterImporter.student(
                id: value(0), name: value(1), age: value(2), grade: value(3), score: score,
                line: record.line, ids: &ids, problems: &problems)
        }
    }

    /// The column of each known field, and a note for each column that is ignored.
    static func map(_ header: CSVRosterReader.Record) throws(ImportError) -> ([String: Int], [String]) {
        var columns: [String: Int] = [:]
        var notes: [String] = []
        for (index, field) in header.fields.enumerated() {
            let name = unguarded(field).trimmingCharacters(in: .whitespaces).lowercased()
            if CSVRosterWriter.columns.contains(name) {
                guard columns[name] == nil else {
                    throw ImportError(problems: [
                        ImportProblem(
                            line: header.line, message: "The column '\(name)' appears twice in the header.")
                    ])
                }
                columns[name] = index
            } else {
                notes.append("ignoring the column '\(field)', which roster does not keep")
            }
        }
        let missing = ["name", "age"].filter { columns[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.map { "'\($0)'" }.joined(separator: " and ")
            throw ImportError(problems: [
                ImportProblem(
                    line: header.line,
                    message:
                        "The header has no \(list) column; it needs name and age, and may have id, grade and score."
                )
            ])
        }
        return (columns, notes)
    }

    /// Removes the `'` that ``CSVRosterWriter`` puts before a field a spreadsheet would run.
    static func unguarded(_ field: String) -> String {
        let bytes = field.utf8
        guard bytes.first == UInt8(ascii: "'"), let second = bytes.dropFirst().first,
            CSVRosterWriter.guardedStarts.contains(second)
        else { return field }
        return String(field.dropFirst())
    }
}
