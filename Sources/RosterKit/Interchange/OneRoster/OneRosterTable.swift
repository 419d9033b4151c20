import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One CSV file of a OneRoster export, such as `users.csv`, with its columns found by header name.
///
/// Header names match ignoring case, spaces and underscores, since exports differ in how they
/// write them. Rows whose `status` is `tobedeleted` are left out: a delta export lists what a
/// school removed that way.
struct OneRosterTable {
    /// The file's name in the export folder.
    let file: String
    /// The rows after the header, each with its line.
    private(set) var records: [CSVRecord]
    /// Each column's position, by its normalised header name.
    private let columns: [String: Int]
    /// The header names of the columns whose values are read, normalised; `nil` for all of them.
    private let kept: Set<String>?

    /// Reads `file` from `folder`, or returns `nil` when the export has no such file.
    ///
    /// - Parameter names: The columns whose values are read, besides `status`; the values of
    ///   the others (a school's `users.csv` has a dozen that roster does not keep) are left
    ///   empty, never made into strings. `nil` reads every column.
    /// - Throws: ``ImportError`` naming the file and line of text that is not CSV.
    init?(_ file: String, in folder: URL, keeping names: [String]? = nil) throws(ImportError) {
        let path = folder.appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            // A file of the export must be a regular file: a named pipe there would never end.
            data = try StorageHandler.readFile(at: URL(fileURLWithPath: path), allowingPipes: false)
        } catch {
            throw ImportError(problems: [ImportProblem(file: file, message: "\(error)")])
        }
        let kept = names.map { Set(($0 + ["status"]).map(Self.key)) }
        var rows: [CSVRecord] = []
        var reader = CSVReader(
            CSVText(data),
            keeping: kept.map { kept in { header in header.map { kept.contains(Self.key($0)) } } })
        do throws(ImportProblem) {
            while let record = try reader.nextRecord() { rows.append(record) }
        } catch {
            throw ImportError(problems: [ImportProblem(file: file, line: error.line, message: error.message)])
        }
        let header = rows.first?.fields ?? []
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() where columns[Self.key(name)] == nil {
            columns[Self.key(name)] = index
        }
        self.file = file
        self.columns = columns
        self.kept = kept
        self.records = []
        let status = columns["status"]
        self.records = rows.dropFirst().filter { !value($0, status, is: "tobedeleted") }
    }

    /// The position of the column called `name`, if the file has it.
    func column(_ name: String) -> Int? {
        columns[Self.key(name)]
    }

    /// The trimmed value of `column` in `record`; empty when the column or the field is missing.
    func value(_ record: CSVRecord, _ column: Int?) -> String {
        guard let column, column < record.fields.count else { return "" }
        // A column the table was not read for would always be empty: a mistake of the caller's.
        assert(kept == nil || columns.contains { $0.value == column && kept?.contains($0.key) == true })
        let field = record.fields[column]
        // Most fields have no spaces around them, and are handed on without a copy.
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = field.utf8.first, let last = field.utf8.last else { return "" }
        return isSpace(first) || isSpace(last) ? String(field.trimmingSpaces()) : field
    }

    /// Whether `column` in `record` is `word`, ignoring ASCII case, as `student` or `tobedeleted`.
    func value(_ record: CSVRecord, _ column: Int?, is word: String) -> Bool {
        let (text, expected) = (value(record, column).utf8, word.utf8)
        return text.count == expected.count
            && zip(text, expected).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// A header name as columns are looked up: lower case, without spaces and underscores.
    private static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" })
    }
}
