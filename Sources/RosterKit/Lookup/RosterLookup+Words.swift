import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finding students by the words of their names, and suggesting names for a reference that
/// matches nobody.
extension RosterLookup {
    /// The students whose names match the words of `reference`: those matching by whole words if
    /// any do, else those matching by the starts of words.
    static func byWords(_ reference: String, among roster: some SearchableRoster) -> [Int] {
        var folder = ScalarFolder()
        let words = NameWords(reference, folder: &folder)
        var (whole, starts) = ([Int](), [Int]())
        for index in 0..<roster.count {
            switch words.match(roster.name(at: index), folder: &folder) {
            case .wholeWords: whole.append(index)
            case .starts: starts.append(index)
            case .none: break
            }
        }
        return whole.isEmpty ? starts : whole
    }

    /// Whether a name matches a word being typed, as a completion offers names: each of its words
    /// a word of the name or the start of one, by the lookup's rule (folded, punctuation left
    /// out); an empty word matches every name.
    ///
    /// - Parameter typed: The words typed so far.
    /// - Returns: A test of names.
    package static func nameMatcher(for typed: String) -> (String) -> Bool {
        var folder = ScalarFolder()
        let words = NameWords(typed, folder: &folder)
        guard !words.words.isEmpty else { return { _ in true } }
        return { name in
            var folder = ScalarFolder()
            return words.match(name, folder: &folder) != .none
        }
    }

    /// A name as the lookup compares it: lower case, without accents, `ł` as `l`, `ß` as `ss`;
    /// typed back, it finds the same student.
    package static func foldedSpelling(of name: String) -> String {
        var folder = ScalarFolder()
        var scalars = String.UnicodeScalarView()
        for value in SameName.fold(name, folder: &folder) {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Up to three names closest to `reference`, for a reference that matches nobody: those with
    /// the fewest letters to change (at most a third of the reference's), as a whole name or as
    /// one of its words, ignoring case and accents.
    static func closestNames(to reference: String, among roster: some SearchableRoster) -> [String] {
        var folder = ScalarFolder()
        let wanted = SameName.fold(reference, folder: &folder)
        guard !wanted.isEmpty else { return [] }
        let allowed = max(1, wanted.count / 3)
        var scored: [(distance: Int, index: Int)] = []
        for index in 0..<roster.count {
            let name = roster.name(at: index)
            let whole = SameName.fold(name, folder: &folder)
            var best =
                abs(whole.count - wanted.count) <= allowed ? EditDistance.between(wanted, whole) : allowed + 1
            for word in SameName.words(of: name, folder: &folder)
            where abs(word.count - wanted.count) <= allowed {
                best = min(best, EditDistance.between(wanted, word))
            }
            if best <= allowed { scored.append((best, index)) }
        }
        let best = scored.map(\.distance).min()
        var seen: Set<String> = []
        return scored.filter { $0.distance == best }.map { roster.name(at: $0.index) }
            .filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }
}
