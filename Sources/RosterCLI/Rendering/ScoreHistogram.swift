import RosterKit

/// The scores of a class as a picture: one bar for each bin of the scores' scale, scaled to the
/// largest, with the count after it.
struct ScoreHistogram {
    /// The longest bar, in columns.
    static let barWidth = 30
    let bins: [Int]
    /// The bins' labels (see ``RosterStatistics/scoreBinLabels``).
    let labels: [String]
    /// Whether the bars may use Unicode block characters (eighths of a column); otherwise `#`.
    let usesBlocks: Bool
    /// The width of the terminal, which the longest bar fits within.
    var width = 80

    /// Whether text in this environment may hold block characters: when the locale is UTF-8.
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let locale =
            [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// The lines of the picture, each `  90-100  ████████▌ 7`.
    var lines: [String] {
        let largest = bins.max() ?? 0
        let labelWidth = labels.map(\.count).max() ?? 0
        // The longest line is the label, the bar and the count, with two spaces before each.
        let barWidth = max(1, min(Self.barWidth, width - labelWidth - 5 - String(largest).count))
        return zip(labels, bins).map { label, count in
            let padding = String(repeating: " ", count: labelWidth - label.count)
            let bar =
                largest == 0 ? "" : self.bar(eighths: (count * barWidth * 8 + largest / 2) / largest)
            return "  \(padding)\(label)  \(bar)\(bar.isEmpty ? "" : " ")\(count)"
        }
    }

    /// A bar `eighths` eighths of a column long: full blocks and one partial block, or `#`s.
    private func bar(eighths: Int) -> String {
        guard usesBlocks else { return String(repeating: "#", count: (eighths + 4) / 8) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}
