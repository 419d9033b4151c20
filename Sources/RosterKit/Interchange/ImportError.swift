/// The problems that stopped an import; nothing was written.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem found, in file order.
    public let problems: [ImportProblem]

    /// Creates the error from the problems found.
    public init(problems: [ImportProblem]) {
        self.problems = problems
    }

    /// A summary sentence; the problems themselves are listed one per line by the caller.
    public var description: String {
        let rows = problems.count == 1 ? "1 problem. Fix it" : "\(problems.count) problems. Fix them"
        return "Nothing was imported: the file has \(rows) and import again."
    }
}
