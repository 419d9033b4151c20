import Foundation

/// Turns CSV records into students, mapping columns by the header's names.
enum CSVImport {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, progress: ((Int) -> Void)? = nil)
        throws(ImportError)
        -> (RosterImporter.Result, [ImportProblem])
    {
        var rows = Rows(decimalComma: CSVRosterReader.separator(in: bytes) == 0x3B)
        do {
            _ = try CSVRosterReader(bytes) { record throws(ImportProblem) in
                if rows.count % 5000 == 0 { progress?(rows.count) }
                try rows.add(record)
            }
        } catch {
            throw ImportError(problems: [error])
        }
        guard rows.header != nil else {
            throw ImportError(problems: [
                ImportProblem(
                    message: "The file is empty; it needs a header row such as id,name,age,grade,score.")
            ])
        }
        return (RosterImporter.Result(students: rows.students, notes: rows.notes), rows.problems)
    }

    /// The rows read so far: the header's columns, then each row validated as it arrives.
    private struct Rows {
        let decimalComma: Bool
        var header: CSVRosterReader.Record?
        var columns: [String: Int] = [:]
        var notes: [String] = []
        var students: [ImportedStudent] = []
        var problems: [ImportProblem] = []
        var count = 0
        private var ids = IDGenerator()

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
            validate(record)
        }

        /// Checks one row as `roster add` would; a decimal comma is read as a point when `;`
        /// separates the fields.
        private mutating func validate(_ record: CSVRosterReader.Record) {
            func value(_ column: String) -> String? {
                columns[column].map { CSVImport.unguarded(record.fields[$0]) }
            }
            var score = value("score")
            if decimalComma { score = score.map { String($0.map { $0 == "," ? "." : $0 }) } }
            let student = RosterImporter.student(
                id: value("id"), name: value("name"), age: value("age"), grade: value("grade"), score: score,
                at: ImportProblem(line: record.line, message: ""), ids: &ids, problems: &problems)
            if let student { students.append(student) }
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
