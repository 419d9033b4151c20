import RosterEngine

/// Names as teachers say them: the words of a name, folded by the ``SameName`` rule
/// (`Zoë Martin` is `zoe`, `martin`), and how a reference's words match them.
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
        words = SameName.words(of: reference, folder: &folder)
    }

    /// How the words of `name` match: each word of the reference must be a different word of the
    /// name, or the start of one.
    func match(_ name: String, folder: inout ScalarFolder) -> Match {
        guard !words.isEmpty else { return .none }
        var available = SameName.words(of: name, folder: &folder)
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
}
