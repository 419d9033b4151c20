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

/// The scale a class's scores are on, which the bins of ``RosterStatistics/scoreBins`` follow:
/// out of 10 (a bin for each mark, 1 to 10, and 0 when someone has less than 1), 20 (bins of 2),
/// 50 (bins of 5) or 100 (bins of 10).
public struct ScoreScale: Sendable, Equatable {
    /// The width of a bin.
    public let width: Int
    /// The first bin's lowest score.
    public let start: Int
    /// The bins' labels, in order.
    public let labels: [String]

    /// Scores out of 100, in bins of ten.
    public static let outOf100 = ScoreScale(width: 10, start: 0, top: 100)

    /// The scale of scores from `lowest` to `highest`: the smallest of 10, 20, 50 and 100 that
    /// holds them.
    public init(highest: Double, lowest: Double) {
        switch highest {
        case ...10: self.init(width: 1, start: lowest < 1 ? 0 : 1, top: 10)
        case ...20: self.init(width: 2, start: 0, top: 20)
        case ...50: self.init(width: 5, start: 0, top: 50)
        default: self = .outOf100
        }
    }

    private init(width: Int, start: Int, top: Int) {
        (self.width, self.start) = (width, start)
        let count = width == 1 ? top - start + 1 : 10
        labels = (0..<count).map { index in
            let low = start + index * width
            if width == 1 { return "\(low)" }
            return index == count - 1 ? "\(low)-\(top)" : "\(low)-\(low + width - 1)"
        }
    }

    /// The bin `score` falls in; the top score counts in the last bin.
    public func bin(of score: Double) -> Int {
        min(labels.count - 1, max(0, (Int(score.rounded(.down)) - start) / width))
    }
}
