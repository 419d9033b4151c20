/// What one pass over a CSV file tells before it is parsed: how many lines it has and whether it
/// can be cut in two between records.
package struct CSVLayout: Sendable {
    /// How many line breaks the file has, at least as many as its records.
    package let lines: Int
    /// Whether the file has a quote anywhere: then a line break may be inside a field.
    package let hasQuotes: Bool
    /// How many lines end in the first half of the file, as ``split(_:)`` counts them.
    private let linesBeforeMiddle: Int

    /// Counts a large file's line breaks and quotes in two halves at once, where ``split(_:)``
    /// may cut it.
    package init(_ text: CSVText) {
        let (bytes, middle) = (text.bytes, text.bytes.count / 2)
        let halves =
            bytes.count >= ParallelWork.worthSplitting
            ? ParallelWork.each(2) { Self.count(bytes, in: $0 == 0 ? 0..<middle : middle..<bytes.count) }
            : [Self.count(bytes, in: 0..<bytes.count)]
        lines = halves.reduce(0) { $0 + $1.lineFeeds }
        hasQuotes = halves.contains { $0.quotes > 0 }
        linesBeforeMiddle = halves.count == 2 ? halves[0].lineEnds : -1
    }

    /// Where to cut a large file without quotes in two, just after a line break near its
    /// middle, and the number of the line that starts there; `nil` to read it whole.
    package func split(_ text: CSVText) -> (position: Int, line: Int)? {
        let (bytes, middle) = (text.bytes, text.bytes.count / 2)
        guard !hasQuotes, lines >= 2 * ParallelWork.worthSplitting, linesBeforeMiddle >= 0,
            let lineFeed = bytes[middle...].firstIndex(of: 0x0A)
        else { return nil }
        let position = lineFeed + 1
        return (position, 1 + linesBeforeMiddle + Self.count(bytes, in: middle..<position).lineEnds)
    }

    /// The line feeds, the line ends and the quotes in `range`. A line ends at LF, at CR LF
    /// (counted once, at its LF) and at a CR on its own.
    private static func count(_ bytes: [UInt8], in range: Range<Int>) -> (
        lineFeeds: Int, lineEnds: Int, quotes: Int
    ) {
        bytes.withUnsafeBufferPointer { bytes in
            var (lineFeeds, loneReturns, quotes) = (0, 0, 0)
            for index in range {
                let byte = bytes[index]
                lineFeeds += byte == 0x0A ? 1 : 0
                quotes += byte == 0x22 ? 1 : 0
                if byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) { loneReturns += 1 }
            }
            return (lineFeeds, lineFeeds + loneReturns, quotes)
        }
    }
}
