/// Where a student read from an import file came from, for messages about it.
///
/// ``RosterImporter/Result`` keeps these beside the students rather than inside them, so that the
/// students of a large file go to the roster as they are, without a copy.
public struct ImportSource: Sendable, Equatable {
    /// The line, or for a property list the record, counting from 1.
    private let position: Int
    private let isLine: Bool
    /// Whether the file gave the student's id, so that it can clash with the roster's.
    public let hasFileID: Bool

    /// A student on a line of a text file.
    init(line: Int, hasFileID: Bool) {
        (position, isLine, self.hasFileID) = (line, true, hasFileID)
    }

    /// A student in a record of a property list, which has no lines.
    init(record: Int, hasFileID: Bool) {
        (position, isLine, self.hasFileID) = (record, false, hasFileID)
    }

    /// The line the student is on, or `nil` for a property list.
    public var line: Int? { isLine ? position : nil }

    /// The record the student is, for a property list.
    public var record: Int? { isLine ? nil : position }

    /// The problem "`message`" at this student's place in the file.
    ///
    /// - Parameter message: What is wrong.
    /// - Returns: The problem, with the line or record.
    public func problem(_ message: String) -> ImportProblem {
        isLine
            ? ImportProblem(line: position, message: message)
            : ImportProblem(record: position, message: message)
    }

    /// The place on its own, for messages: `line 7` or `record 3`.
    public var place: String {
        isLine ? "line \(position)" : "record \(position)"
    }
}
