import RosterEngine

/// The one rule for when two names are the same name to a teacher: ignoring case, accents,
/// width and the characters that show nothing, so `zoe martin` is `Zoë Martin`.
///
/// Every comparison of names goes through it: finding a student by name (``RosterLookup``), the
/// note `add` gives when a name is already on the roster, the probable duplicates an import
/// refuses, the words a lookup matches, and `list --search`. Sorting folds names the same way
/// but orders them by their own key (see ``NameSortKey``).
struct SameName: Sendable {
    /// The name, folded.
    let folded: [UInt32]

    /// The rule for names that are the same as `name`.
    init(_ name: String) {
        var folder = ScalarFolder()
        folded = Self.fold(name, folder: &folder)
    }

    /// `text` folded for comparing: case, accents and width folded, the characters that show
    /// nothing left out.
    static func fold(_ text: String, folder: inout ScalarFolder) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where !VisibleText.isInvisible(scalar) {
            folder.fold(scalar.value) { result.append($0) }
        }
        return result
    }

    /// The folded words of `text`, split at spaces, tabs and hyphens.
    static func words(of text: String, folder: inout ScalarFolder) -> [[UInt32]] {
        fold(text, folder: &folder).split { $0 == 0x20 || $0 == 0x2D || $0 == 0x09 }.map(Array.init)
    }

    /// A hash of `text`'s folded form and `number`, made without building the folded text: equal
    /// for the same name and number.
    static func hash(_ text: String, _ number: Int, folder: inout ScalarFolder) -> Int {
        var hasher = Hasher()
        for scalar in text.unicodeScalars where !VisibleText.isInvisible(scalar) {
            folder.fold(scalar.value) { hasher.combine($0) }
        }
        hasher.combine(number)
        return hasher.finalize()
    }

    /// Whether `name` is the same name, folded with `folder`'s cache; an ASCII name is compared
    /// on its bytes.
    func matches(_ name: String, folder: inout ScalarFolder) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return matches(ascii: name.utf8) }
        return Self.fold(name, folder: &folder) == folded
    }

    /// Whether a name of `units` UTF-16 code units could fold to the same text, so that a name
    /// kept as bytes is made into a `String` only then. Folding keeps a letter's length but for a
    /// few (`ß` to `ss`), and drops marks and invisible characters: a name with more than three of
    /// those beyond its letters is not found by this filter, which a lookup makes up for by
    /// trying the name's words (see ``RosterLookup``). A wider filter made every name of a large
    /// roster into a `String`, a third of `add`'s time.
    func couldMatch(units: Int) -> Bool {
        units >= folded.count - 2 && units <= folded.count + 3
    }

    /// Whether a name stored as ASCII bytes is the same name: compared byte by byte, lower case,
    /// without making a `String`. ASCII folds only by case, so nothing else can match.
    func matches(ascii bytes: some Collection<UInt8>) -> Bool {
        bytes.count == folded.count
            && zip(bytes, folded).allSatisfy { byte, letter in
                UInt32((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == letter
            }
    }

    /// Whether a name stored as big-endian UTF-16 could be the same: its first character, when
    /// ASCII, must be the same letter. Most names are ruled out by that, before any is made.
    func couldMatch(utf16 bytes: some RandomAccessCollection<UInt8>) -> Bool {
        guard bytes.count >= 2, let first = folded.first else { return true }
        let (high, letter) = (bytes[bytes.startIndex], bytes[bytes.index(after: bytes.startIndex)])
        guard high == 0, letter < 0x80 else { return true }
        return UInt32((0x41...0x5A).contains(letter) ? letter | 0x20 : letter) == first
    }
}

/// How far apart two texts are: the fewest single letters to insert, delete or change (the
/// Levenshtein distance), for names a person probably meant and subcommands they mistyped.
package enum EditDistance {
    /// The distance between `first` and `second`.
    package static func between<Letter: Equatable>(_ first: [Letter], _ second: [Letter]) -> Int {
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
