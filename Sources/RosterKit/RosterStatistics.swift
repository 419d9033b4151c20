/// A summary of a class: how many students, their ages and scores, and how many in each grade.
public struct RosterStatistics: Equatable, Sendable {
    /// How many students there are.
    public let count: Int
    /// The youngest age, or `nil` for an empty roster.
    public let minimumAge: Int?
    /// The median age, or `nil` for an empty roster.
    public let medianAge: Double?
    /// The oldest age, or `nil` for an empty roster.
    public let maximumAge: Int?
    /// How many students have a score.
    public let scoredCount: Int
    /// The mean of the scores given, or `nil` when nobody has one.
    public let meanScore: Double?
    /// The median of the scores given, or `nil` when nobody has one.
    public let medianScore: Double?
    /// How many students are in each grade.
    public let countPerGrade: [Int: Int]
    /// How many students have no grade.
    public let ungradedCount: Int

    /// Summarises `students`.
    ///
    /// - Parameter students: The roster.
    public init(_ students: [Student]) {
        count = students.count
        let ages = students.map(\.age).sorted()
        minimumAge = ages.first
        maximumAge = ages.last
        medianAge = Self.median(ages.map(Double.init))
        let scores = students.compactMap(\.score).sorted()
        scoredCount = scores.count
        meanScore = scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
        medianScore = Self.median(scores)
        var grades: [Int: Int] = [:]
        for grade in students.compactMap(\.grade) { grades[grade, default: 0] += 1 }
        countPerGrade = grades
        ungradedCount = students.count - grades.values.reduce(0, +)
    }

    /// The middle of sorted values, or the mean of the two middle ones.
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
