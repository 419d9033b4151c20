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
    let records: [CSVRosterReader.Record]
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
            data = try StorageHandler.readFile(at: URL(fileURLWithPath: path))
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
        let status = columns["status"]
        self.file = file
        self.columns = columns
        self.records = rows.dropFirst().filter { record in
            status.map { $0 < record.fields.count && record.fields[$0].lowercased() == "tobedeleted" } != true
        }
    }

    /// The position of the column called `name`, if the file has it.
    func column(_ name: String) -> Int? {
        columns[Self.key(name)]
    }

    /// The trimmed value of `column` in `record`; empty when the column or the field is missing.
    func value(_ record: CSVRosterReader.Record, _ column: Int?) -> String {
        guard let column, column < record.fields.count else { return "" }
        return String(record.fields[column].trimmingSpaces())
    }

    /// A header name as columns are looked up: lower case, without spaces and underscores.
    private static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" })
    }
}
