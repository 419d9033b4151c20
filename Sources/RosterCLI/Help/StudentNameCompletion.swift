import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The students' names the completion scripts offer after `show`, `edit`, `remove` and every
/// option that takes a student: `roster --complete-students <the words typed so far>`, or, for a
/// shell that cannot fold letters itself (zsh), `roster --complete-students-matching <word> <the
/// words before it>`, which offers only the names whose words start with `word` by the lookup's
/// rule, so that `lu` offers Łukasz and `oconnor` O'Connor. fish filters what it is offered by its
/// own rule, which does not fold `ł`; `--complete-students-for-fish` offers such a name in the
/// spelling that fits (`lukasz nowak`, shown as Łukasz Nowak), which finds the same student.
///
/// The words are searched for `--file` and `--class`, so that the names come from the roster the
/// command line will use; anything wrong (no roster, a damaged one) offers no names, quietly,
/// since a completion has nowhere to show an error.
enum StudentNameCompletion {
    /// The names, one per line, in roster order, each once.
    static func names(
        typed words: [String], matching word: String? = nil, forFish: Bool = false,
        environment: [String: String]
    ) -> String {
        guard let url = roster(typed: words, environment: environment),
            let students = try? StorageHandler.load(from: url)
        else { return "" }
        var seen = Set<String>()
        var text = ""
        let matches = RosterLookup.nameMatcher(for: word ?? "")
        for student in students where matches(student.name) && seen.insert(student.name).inserted {
            // A name a shell could not take as one word is left out rather than shown mangled.
            guard !student.name.contains(where: { $0.isNewline || $0 == "\t" }) else { continue }
            let name = VisibleText.of(student.name)
            // fish keeps only candidates that fit the word by its own rule, which folds case but
            // not letters: a name it would drop is offered in its folded spelling, which roster
            // finds the same student by, with the name as it is shown beside it.
            if forFish, let word, !word.isEmpty, !name.lowercased().hasPrefix(word.lowercased()) {
                text += RosterLookup.foldedSpelling(of: student.name) + "\t" + name + "\n"
            } else {
                text += name + "\n"
            }
        }
        return text
    }

    /// The names of the markbook's assessments or categories that start with `word` (ignoring
    /// case and accents, as an assessment is found), one per line, for
    /// `roster --complete-assessments <word> <the words typed so far>` (and
    /// `--complete-categories`): after `assessment edit`, `rename` and `remove`, `category set`
    /// and `remove`, and as the first argument of `mark`.
    static func markbookNames(
        _ names: ArgumentSpec.Names, matching word: String, typed words: [String],
        environment: [String: String]
    ) -> String {
        guard let url = roster(typed: words, environment: environment),
            let book = try? StorageHandler.loadMarkbook(from: url).markbook
        else { return "" }
        let listed = names == .categories ? book.categories.map(\.name) : book.assessments.map(\.name)
        let start = RosterLookup.foldedSpelling(of: word)
        return listed.filter { !$0.contains(where: { $0.isNewline || $0 == "\t" }) }
            .filter { RosterLookup.foldedSpelling(of: $0).hasPrefix(start) }
            .map { VisibleText.of($0) + "\n" }.joined()
    }

    /// The roster the words typed so far would use: their `--file` or `--class`, else the
    /// environment's.
    private static func roster(typed words: [String], environment: [String: String]) -> URL? {
        let file = value(of: "--file", in: words).map { path in
            path.hasPrefix("~/") ? (environment["HOME"] ?? "~") + path.dropFirst() : path
        }
        return try? RosterFileLocation.resolve(
            option: file, className: value(of: "--class", in: words), environment: environment)
    }

    /// The last value given to `option` in `words`: `--file x`, `--file=x`, or `--file = x` as bash
    /// splits it.
    private static func value(of option: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word.hasPrefix(option + "=") {
                found = String(word.dropFirst(option.count + 1))
            } else if word == option, index + 1 < words.count {
                let next = index + 1
                found = words[next] == "=" ? (next + 1 < words.count ? words[next + 1] : nil) : words[next]
            }
        }
        return found
    }
}
