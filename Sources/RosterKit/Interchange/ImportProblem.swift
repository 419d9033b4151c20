import RosterEngine

/// One thing wrong with a file being imported, and where it is.
public struct ImportProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file within an import folder (a OneRoster export), such as `users.csv`; `nil` for an
    /// import of one file.
    public let file: String?
    /// The line of the file, counting from 1, when the format has lines.
    public let line: Int?
    /// The record, counting from 1, when the format has no lines (property lists).
    public let record: Int?
    /// What is wrong, and what would be right.
    public let message: String

    /// A problem on a line of a text file.
    public init(line: Int, message: String) {
        self.file = nil
        self.line = line
        self.record = nil
        self.message = message
    }

    /// A problem with a record of a file without lines.
    public init(record: Int, message: String) {
        self.file = nil
        self.line = nil
        self.record = record
        self.message = message
    }

    /// A problem with the file as a whole.
    public init(message: String) {
        self.file = nil
        self.line = nil
        self.record = nil
        self.message = message
    }

    /// A problem in a file of an import folder, on a line of it when `line` is given.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.record = nil
        self.message = message
    }

    /// Where the problem is, for a `file:line:` prefix: `7`, `record 3`, or nothing.
    public var location: String? {
        if let line { return String(line) }
        return record.map { "record \($0)" }
    }

    /// The problem without the imported path: `7: The age …`, `users.csv:7: The age …`.
    public var description: String {
        let place = [file, location].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

extension ImportProblem {
    /// The problem of text that is not CSV, in words.
    init(_ problem: CSVProblem) {
        let message =
            switch problem.kind {
            case .notUTF8: "The text is not UTF-8; save the file as \"CSV UTF-8\"."
            case .unclosedQuote: "A quoted field is not closed; add the missing '\"'."
            case .textAfterQuote: "A quoted field has text after its closing quote; quote the whole field."
            case .tooManyFields:
                "The row has more than \(CSVReader.mostFields) fields; a roster needs a few columns."
            }
        self.init(line: problem.line, message: message)
    }
}

extension CSVReader {
    /// The next record, its problem worded for an import.
    mutating func nextRecord() throws(ImportProblem) -> CSVRecord? {
        do { return try next() } catch { throw ImportProblem(error) }
    }
}
