import RosterEngine

/// A row without an id whose name and age match several students already on the roster, a student
/// another row matched, or another row of the same file: most likely the same child, about to be
/// added twice (see ``ImportChanges``).
///
/// Names match by the one rule for names that ``RosterLookup`` uses (ignoring case, accents and
/// invisible characters), as `roster add` compares them, so
/// `zoe martin` matches `Zoë Martin`.
public struct ProbableDuplicate: Sendable, Equatable {
    /// The student the row would add.
    public let student: Student
    /// Where the row is in the file.
    public let source: ImportSource
    /// The student it looks like.
    public let match: Student
    /// Where that student is in the file, or `nil` when it is on the roster.
    public let matchSource: ImportSource?
}
