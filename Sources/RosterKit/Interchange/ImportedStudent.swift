/// A student read from an import file, with where it came from for error messages.
public struct ImportedStudent: Sendable, Equatable {
    /// The validated student; a new id when the file gave none.
    public let student: Student
    /// Whether the file gave the id, so that it can clash with the roster's.
    public let hasFileID: Bool
    /// Where the student is in the file: a line, or a record number.
    public let location: ImportProblem

    /// The problem "`message`" at this student's place in the file.
    func problem(_ message: String) -> ImportProblem {
        RosterImporter.problem(message, at: location)
    }
}
