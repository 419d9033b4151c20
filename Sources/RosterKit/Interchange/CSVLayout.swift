/// What one pass over a CSV file tells before it is parsed: how many lines it has and whether it
/// can be cut in two between records.
struct CSVLayout {
    /// How many line breaks the file has, at least as many as its records.
    let lines: Int
    /// Whether the file has a quote anywhere: then a line break may be inside a field.
    let hasQuotes: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var (lines, quotes) = (0, 0)
        for byte in bytes {
            lines += byte == 0x0A ? 1 : 0
            quotes += byte == 0x22 ? 1 : 0
        }
        (self.lines, hasQuotes) = (lines, quotes > 0)
    }

    /// Where to cut a large file without quotes in two, just after a line break near its
    /// middle, and the number of the line that starts there; `nil` to read it whole.
    func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (position: Int, line: Int)? {
        guard !hasQuotes, lines >= 2 * ParallelWork.worthSplitting,
            let lineFeed = bytes[(bytes.count / 2)...].firstIndex(of: 0x0A)
        else { return nil }
        let position = lineFeed + 1
        var line = 1
        for index in 0..<position {
            // A line ends at LF, at CR LF (counted once, at its LF) and at a CR on its own.
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && bytes[index + 1] != 0x0A) { line += 1 }
        }
        return (position, line)
    }

    /// The end of the header line of a file without quotes: the first line with any text
    /// after the byte-order mark.
    static func headerEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let isBreak = { (byte: UInt8) in byte == 0x0A || byte == 0x0D }
        let afterMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let start = bytes[afterMark...].firstIndex { !isBreak($0) } ?? bytes.count
        return bytes[start...].firstIndex(where: isBreak) ?? bytes.count
    }
}
