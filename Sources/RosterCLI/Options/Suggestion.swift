import RosterKit

/// Finds the word a person probably meant, for "Did you mean …?" hints.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(Array(word), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(2, word.count / 3)
        return best.1 <= allowed ? best.0 : nil
    }
}
