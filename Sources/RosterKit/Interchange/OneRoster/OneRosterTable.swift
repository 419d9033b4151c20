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
    private(set) var records: [CSVRosterReader.Record]
    /// Each column's position, by its normalised header name.
    private let columns: [String: Int]

    /// Reads `file` from `folder`, or returns `nil` when the export has no such file.
    ///
    /// - Throws: ``ImportError`` naming the file and line of text that is not CSV.
    init?(_ file: String, in folder: URL) throws(ImportError) {
        let path = folder.appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            // A file of the export must be a regular file: a named pipe there would never end.
            data = try StorageHandler.readFile(at: URL(fileURLWithPath: path), allowingPipes: false)
        } catch {
            throw ImportError(problems: [ImportProblem(file: file, message: "\(error)")])
        }
        var rows: [CSVRosterReader.Record] = []
        let read = data.withUnsafeBytes { raw in
            Result { () throws(ImportProblem) in
                _ = try CSVRosterReader(raw.assumingMemoryBound(to: UInt8.self)) { rows.append($0) }
            }
        }
        if case .failure(let problem) = read {
            throw ImportError(problems: [
                ImportProblem(file: file, line: problem.line, message: problem.message)
            ])
        }
        let header = rows.first?.fields ?? []
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() where columns[Self.key(name)] == nil {
            columns[Self.key(name)] = index
        }
        self.file = file
        self.columns = columns
        self.records = []
        let status = columns["status"]
        self.records = rows.dropFirst().filter { !value($0, status, is: "tobedeleted") }
    }

    /// The position of the column called `name`, if the file has it.
    func column(_ name: String) -> Int? {
        columns[Self.key(name)]
    }

    /// The trimmed value of `column` in `record`; empty when the column or the field is missing.
    func value(_ record: CSVRosterReader.Record, _ column: Int?) -> String {
        guard let column, column < record.fields.count else { return "" }
        let field = record.fields[column]
        // Most fields have no spaces around them, and are handed on without a copy.
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = field.utf8.first, let last = field.utf8.last else { return "" }
        return isSpace(first) || isSpace(last) ? String(field.trimmingSpaces()) : field
    }

    /// Whether `column` in `record` is `word`, ignoring ASCII case, as `student` or `tobedeleted`.
    func value(_ record: CSVRosterReader.Record, _ column: Int?, is word: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let text = value(record, column).utf8
        return text.count == expected.count
            && zip(text, expected).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// A header name as columns are looked up: lower case, without spaces and underscores.
    private static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" })
    }
}
