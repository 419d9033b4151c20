import RosterEngine

/// Rows of an import file that look like students already there; nothing was imported.
public struct ProbableDuplicatesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rows, in file order, each with the student it looks like.
    public let duplicates: [ProbableDuplicate]

    /// A summary sentence; the rows themselves are listed one per line by the caller.
    public var description: String {
        let rows = duplicates.count == 1 ? "1 row looks" : "\(duplicates.count) rows look"
        return "Nothing was imported: \(rows) like a student already there (same name and age, no id)."
    }
}
