import RosterEngine

/// Names as teachers say them: the words of a name, folded by the ``SameName`` rule
/// (`Zoë Martin` is `zoe`, `martin`), and how a reference's words match them. Punctuation inside a
/// word is left out on both sides, so `oconnor` finds O'Connor and `jeanluc` finds Jean-Luc.
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
        words = SameName.words(of: reference, folder: &folder).map(Self.bare)
    }

    /// A folded word without the apostrophes, hyphens and full stops people leave out when they
    /// type a name; a word of punctuation alone is kept as it is.
    static func bare(_ word: [UInt32]) -> [UInt32] {
        let kept = word.filter { ![0x27, 0x2D, 0x2E, 0x2010, 0x2011].contains($0) }
        return kept.isEmpty ? word : kept
    }

    /// How the words of `name` match: each word of the reference must be a different word of the
    /// name, or the start of one.
    func match(_ name: String, folder: inout ScalarFolder) -> Match {
        guard !words.isEmpty else { return .none }
        var available = SameName.words(of: name, folder: &folder).map(Self.bare)
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
