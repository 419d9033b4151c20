/// When a comment of the bank fits a student, such as `result >= 70`: one of the student's
/// figures, a comparison and a number.
///
/// The figures are `result` (the overall result, a percentage), `attendance` (the attendance rate,
/// a percentage), `missing` (the pieces of work marked missing), `lates` (the lessons they were
/// late to), or a category's name for its result, such as `Homework < 50`. A student without the
/// figure, such as one with no marks yet, fits no condition on it.
public struct CommentCondition: Sendable, Hashable {
    /// A figure of the student's that a condition looks at.
    public enum Figure: Sendable, Hashable {
        /// The overall result, a percentage.
        case result
        /// The attendance rate, a percentage.
        case attendance
        /// The assessments marked missing.
        case missing
        /// The lessons the student was late to.
        case lates
        /// The result of the category of this name, a percentage.
        case category(String)
    }

    /// The figure compared.
    public let figure: Figure
    /// The comparison, as written: `>=`, `<=`, `>`, `<` or `=`.
    public let comparison: String
    /// The number the figure is compared with.
    public let value: Double

    /// The comparisons, the longer first so that `>=` is not read as `>`.
    private static let comparisons = [">=", "<=", "==", ">", "<", "="]

    /// Reads a condition such as `result >= 70`, `attendance < 90%` or `Homework < 50`.
    ///
    /// - Throws: ``CommentError/unreadableCondition(_:reason:)`` saying what is wrong.
    public init(parsing text: String) throws(CommentError) {
        let trimmed = StudentValidator.trimmed(text)
        guard let comparison = Self.comparisons.first(where: { trimmed.contains($0) }),
            let range = trimmed.firstRange(of: comparison)
        else {
            throw .unreadableCondition(trimmed, reason: "it needs a comparison, as in \"result >= 70\".")
        }
        let name = StudentValidator.trimmed(String(trimmed[..<range.lowerBound]))
        var number = StudentValidator.trimmed(String(trimmed[range.upperBound...]))
        if number.hasSuffix("%") { number = StudentValidator.trimmed(String(number.dropLast())) }
        guard let value = Double(number), value.isFinite, (0...100_000).contains(value) else {
            throw .unreadableCondition(
                trimmed, reason: "after '\(comparison)' it needs a number from 0, as in \"result >= 70\".")
        }
        guard !name.isEmpty, Markbook.isAllowed(name) else {
            throw .unreadableCondition(
                trimmed,
                reason:
                    "before '\(comparison)' it needs result, attendance, missing, lates or a category's name."
            )
        }
        switch name.lowercased() {
        case "result": figure = .result
        case "attendance": figure = .attendance
        case "missing": figure = .missing
        case "lates", "late": figure = .lates
        default: figure = .category(name)
        }
        self.comparison = comparison == "==" ? "=" : comparison
        self.value = value
    }

    /// The condition as it is written and stored, such as `result >= 70`.
    public var text: String {
        let name: String
        switch figure {
        case .result: name = "result"
        case .attendance: name = "attendance"
        case .missing: name = "missing"
        case .lates: name = "lates"
        case .category(let category): name = category
        }
        let number = value.rounded() == value ? String(Int(value)) : String(value)
        return "\(name) \(comparison) \(number)"
    }

    /// Whether `figure`, the student's value of ``figure``, meets the condition; never for `nil`.
    public func holds(for figure: Double?) -> Bool {
        guard let figure else { return false }
        switch comparison {
        case ">=": return figure >= value
        case "<=": return figure <= value
        case ">": return figure > value
        case "<": return figure < value
        default: return figure == value
        }
    }
}
