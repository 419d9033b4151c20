/// Trimming without Foundation, which would bring the ICU data into the binary.
extension StringProtocol {
    /// The text without spaces and tabs at either end (not line breaks).
    package func trimmingSpaces() -> SubSequence {
        trimming { $0 == " " || $0 == "\t" || ($0.isWhitespace && !$0.isNewline) }
    }

    /// The text without white space or line breaks at either end.
    package func trimmingWhitespace() -> SubSequence {
        trimming(\.isWhitespace)
    }

    private func trimming(_ isTrimmed: (Character) -> Bool) -> SubSequence {
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isTrimmed($0) }) ?? first
        return self[first...last]
    }

    /// The text padded with spaces to `width` characters, as a column of a table.
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
