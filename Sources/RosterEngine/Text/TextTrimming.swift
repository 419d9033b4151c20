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
        let scalars = unicodeScalars
        // Most texts start and end with a visible ASCII character or a letter: nothing to trim,
        // and nothing to walk. (A letter cannot end a character that starts with a space: only
        // marks and joiners attach to one.)
        if let first = scalars.first, let last = scalars.last, Self.isSolid(first), Self.isSolid(last) {
            return self[startIndex..<endIndex]
        }
        // Spaces and tabs, the usual padding, are passed over scalar by scalar first: walking back
        // over characters costs far more, and a field may end in megabytes of spaces.
        let isPadding = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        var (start, end) = (scalars.startIndex, scalars.endIndex)
        while start < end, isPadding(scalars[start]) { scalars.formIndex(after: &start) }
        // Never stop inside a character: a space may carry a combining mark after it.
        if start < end, !scalars[start].isASCII { start = scalars.startIndex }
        while end > start, isPadding(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        let inner = self[start..<end]
        guard let first = inner.firstIndex(where: { !isTrimmed($0) }) else { return self[endIndex...] }
        let last = inner.lastIndex(where: { !isTrimmed($0) }) ?? first
        return self[first...last]
    }

    /// Whether a scalar is a visible ASCII character, or a letter or digit of any script.
    private static func isSolid(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x21..<0x7F).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }

    /// The text padded with spaces to `width` characters, as a column of a table.
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

extension String {
    /// The text in Unicode's composed form (NFC), in which `é` is one character whether it was
    /// typed as one or as `e` and an accent: the form a name is stored in, so that the two ways
    /// of typing it name one file.
    package var composed: String {
        // The standard library composes text for its own comparisons; it has no public name for
        // that yet, and Foundation's is not in FoundationEssentials.
        String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}
