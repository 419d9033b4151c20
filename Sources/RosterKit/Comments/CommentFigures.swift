/// The figures of one student that a ``CommentCondition`` looks at: their result, attendance
/// rate, missing work and lates, and each category's result.
public struct CommentFigures: Sendable {
    /// The overall result, a percentage, or `nil` before any mark counts.
    public let result: Double?
    /// The attendance rate, a percentage, or `nil` before any lesson.
    public let attendance: Double?
    /// The assessments marked missing.
    public let missing: Int
    /// The lessons the student was late to.
    public let lates: Int
    /// Each category's result, a percentage, by the category's name folded for lookup.
    private let categories: [String: Double]

    /// The figures of `student` in `markbook`, their attendance over every lesson up to `last`.
    public init(of student: Student, calculator: MarkbookCalculator, to last: SchoolDay = .today()) {
        let marks = calculator.result(for: student)
        // Results are percentages already; the register's rate is a share.
        result = marks.overall.map { Self.rounded($0.doubleValue) }
        var categories: [String: Double] = [:]
        for category in marks.categories {
            if let name = category.name, let share = category.result {
                categories[Markbook.key(name)] = Self.rounded(share.doubleValue)
            }
        }
        self.categories = categories
        let summary = AttendanceRegister.summary(
            of: [student], from: SchoolDay(checked: SchoolDay.earliest), to: last)[0]
        attendance = summary.rate.map { Self.rounded($0 * 100) }
        lates = summary.late
        let studentMarks = student.marks
        missing = calculator.markbook.assessments.filter { studentMarks[$0.id] == .missing }.count
    }

    /// A percentage to one decimal, as a report shows it: a condition agrees with the page.
    private static func rounded(_ percent: Double) -> Double {
        (percent * 10).rounded() / 10
    }

    /// Whether the figures meet `condition`.
    public func meets(_ condition: CommentCondition) -> Bool {
        switch condition.figure {
        case .result: condition.holds(for: result)
        case .attendance: condition.holds(for: attendance)
        case .missing: condition.holds(for: Double(missing))
        case .lates: condition.holds(for: Double(lates))
        case .category(let name): condition.holds(for: categories[Markbook.key(name)])
        }
    }
}
