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
