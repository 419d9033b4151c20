import RosterEngine

/// Names as teachers say them: the words of a name, folded so that case and accents do not
/// count (`Zoë Martin` is `zoe`, `martin`), and how a reference's words match them.
struct NameWords {
    /// The folded words of the reference.
    let words: [[UInt32]]

    /// How well a name matches a reference's words.
    enum Match: Comparable {
        /// Some word of the reference is neither a word of the name nor the start of one.
        case none
        /// Every word of the reference starts a word of the name, and not all are whole words.
        case starts
        /// Every word of the reference is a whole word of the name.
        case wholeWords
    }

    init(_ reference: String, folder: inout ScalarFolder) {
        words = Self.words(of: reference, folder: &folder)
    }

    /// The folded words of `text`, split at spaces and hyphens.
    static func words(of text: String, folder: inout ScalarFolder) -> [[UInt32]] {
        folder.folded(text).split { $0 == 0x20 || $0 == 0x2D || $0 == 0x09 }.map(Array.init)
    }

    /// How the words of `name` match: each word of the reference must be a different word of the
    /// name, or the start of one.
    func match(_ name: String, folder: inout ScalarFolder) -> Match {
        guard !words.isEmpty else { return .none }
        var available = Self.words(of: name, folder: &folder)
        var isWhole = true
        // Whole words are taken first, so that `ada a` finds "Ada Adams" by both of its words.
        var rest: [[UInt32]] = []
        for word in words {
            if let index = available.firstIndex(of: word) {
                available.remove(at: index)
            } else {
                rest.append(word)
            }
        }
        for word in rest {
            guard let index = available.firstIndex(where: { $0.starts(with: word) }) else { return .none }
            available.remove(at: index)
            isWhole = false
        }
        return isWhole ? .wholeWords : .starts
    }

    /// How far apart two folded texts are: the fewest letters to insert, delete or change.
    static func distance(_ first: [UInt32], _ second: [UInt32]) -> Int {
        guard !first.isEmpty else { return second.count }
        guard !second.isEmpty else { return first.count }
        var previous = Array(0...second.count)
        var current = [Int](repeating: 0, count: second.count + 1)
        for (row, letter) in first.enumerated() {
            current[0] = row + 1
            for (column, other) in second.enumerated() {
                current[column + 1] = Swift.min(
                    previous[column + 1] + 1, current[column] + 1,
                    previous[column] + (letter == other ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }
}
