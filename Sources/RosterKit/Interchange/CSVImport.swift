import Foundation

/// Turns CSV records into students, mapping columns by the header's names.
enum CSVImport {
    static func read(_ bytes: [UInt8], progress: ((Int, Int) -> Void)? = nil) throws(ImportError)
        -> (RosterImporter.Result, [ImportProblem])
    {
        let reader: CSVRosterReader
        do {
            reader = try CSVRosterReader(bytes)
        } catch {
            throw ImportError(problems: [error])
        }
        guard let header = reader.records.first else {
            throw ImportError(problems: [
                ImportProblem(
                    message: "The file is empty; it needs a header row such as id,name,age,grade,score.")
            ])
        }
        let (columns, notes) = try map(header)
        var problems: [ImportProblem] = []
        var ids = IDGenerator()
        var students: [ImportedStudent] = []
        students.reserveCapacity(reader.records.count)
        for (number, record) in reader.records.dropFirst().enumerated() {
            if number % 5000 == 0 { progress?(number, reader.records.count - 1) }
            guard record.fields.count == header.fields.count else {
                problems.append(
                    ImportProblem(
                        line: record.line,
                        message:
                            "The row has \(record.fields.count) fields but the header has \(header.fields.count)."
                    ))
                continue
            }
            func value(_ column: String) -> String? {
                columns[column].map { unguarded(record.fields[$0]) }
            }
            var score = value("score")
            if reader.separator == 0x3B { score = score.map { String($0.map { $0 == "," ? "." : $0 }) } }
            let student = RosterImporter.student(
                id: value("id"), name: value("name"), age: value("age"), grade: value("grade"), score: score,
                at: ImportProblem(line: record.line, message: ""), ids: &ids, problems: &problems)
            if let student { students.append(student) }
        }
        return (RosterImporter.Result(students: students, notes: notes), problems)
    }

    /// The column of each known field, and a note for each column that is ignored.
    private static func map(_ header: CSVRosterReader.Record) throws(ImportError) -> ([String: Int], [String])
    {
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
