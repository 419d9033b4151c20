/// A summary of a class: how many students, their ages and scores, and how many in each grade.
public struct RosterStatistics: Equatable, Sendable {
    /// How many students there are.
    public let count: Int
    /// How many students' ages are kept as written (``Student/writtenAge``), not numbers: the age
    /// figures leave them out.
    public let writtenAgeCount: Int
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
    /// The lowest score given, or `nil` when nobody has one.
    public let minimumScore: Double?
    /// The highest score given, or `nil` when nobody has one.
    public let maximumScore: Double?
    /// How many scores fall in each bin of ``scoreBinLabels``: ten bins that follow the scores'
    /// scale (see ``ScoreScale``), such as 0-9 to 90-100 for scores out of 100 (100 counts in the
    /// last), or 1 to 10 for a class marked out of 10.
    public let scoreBins: [Int]
    /// The labels of ``scoreBins``, in order.
    public let scoreBinLabels: [String]
    /// The mean score of each grade's students who have a score.
    public let meanScorePerGrade: [Int: Double]

    /// The bins' labels for scores out of 100: `0-9` to `90-100`.
    public static let binLabels = ScoreScale.outOf100.labels

    /// Summarises `students`.
    ///
    /// - Parameter students: The roster.
    public init(_ students: [Student]) {
        count = students.count
        let ages = students.compactMap { $0.writtenAge == nil ? $0.age : nil }.sorted()
        writtenAgeCount = count - ages.count
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
        (minimumScore, maximumScore) = (scores.first, scores.last)
        let scale = ScoreScale(highest: scores.last ?? 100, lowest: scores.first ?? 0)
        var bins = [Int](repeating: 0, count: scale.labels.count)
        for score in scores { bins[scale.bin(of: score)] += 1 }
        (scoreBins, scoreBinLabels) = (bins, scale.labels)
        var sums: [Int: (total: Double, count: Int)] = [:]
        for student in students {
            guard let grade = student.grade, let score = student.score else { continue }
            sums[grade, default: (0, 0)].total += score
            sums[grade, default: (0, 0)].count += 1
        }
        meanScorePerGrade = sums.mapValues { $0.total / Double($0.count) }
    }

    /// The middle of sorted values, or the mean of the two middle ones.
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
