/// The problems that stopped an import; nothing was written.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem found, in file order.
    public let problems: [ImportProblem]
    /// When the file's slashed dates do not say which number is the day, which.
    public let dateOrder: DateOrderError?

    /// Creates the error from the problems found.
    ///
    /// - Parameters:
    ///   - problems: The problems, in file order.
    ///   - dateOrder: Why the file's dates could not be read, when that is the problem.
    public init(problems: [ImportProblem], dateOrder: DateOrderError? = nil) {
        (self.problems, self.dateOrder) = (problems, dateOrder)
    }

    /// A summary sentence; the problems themselves are listed one per line by the caller.
    public var description: String {
        let rows = problems.count == 1 ? "1 problem. Fix it" : "\(problems.count) problems. Fix them"
        return "Nothing was imported: the file has \(rows) and import again."
    }
}
