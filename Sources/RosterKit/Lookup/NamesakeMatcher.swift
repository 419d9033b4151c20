import RosterEngine

/// Whether two names are the same name to a teacher: ignoring case, accents and characters that
/// show nothing (`zoe martin` and `Zoë Martin`). `add` uses it to note a name that is already on
/// the roster.
struct NamesakeMatcher: Sendable {
    private let folded: [UInt32]

    init(_ name: String) {
        var folder = ScalarFolder()
        folded = Self.fold(name, folder: &folder)
    }

    /// Whether a name of `units` UTF-16 code units could fold to the same text: folding keeps a
    /// letter's length but for a few (`ß` to `ss`), and drops marks and invisible characters.
    func couldMatch(units: Int) -> Bool {
        units >= folded.count - 1 && units <= folded.count + 3
    }

    /// Whether a name stored as ASCII bytes is the same name: compared byte by byte, lower case,
    /// without making a `String`.
    func matches(ascii bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count == folded.count
            && zip(bytes, folded).allSatisfy { byte, letter in
                UInt32((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == letter
            }
    }

    /// Whether a name stored as big-endian UTF-16 could be the same: its first letter, when ASCII,
    /// must be the same letter. Most names are ruled out by that, before any is made.
    func couldMatch(utf16 bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 2, bytes[0] == 0, bytes[1] < 0x80, let first = folded.first else { return true }
        let letter = bytes[1]
        return UInt32((0x41...0x5A).contains(letter) ? letter | 0x20 : letter) == first
    }

    /// Whether `name` is the same name, folded with `folder`'s cache.
    func matches(_ name: String, folder: inout ScalarFolder) -> Bool {
        Self.fold(name, folder: &folder) == folded
    }

    /// `text` folded for comparing, without the characters that show nothing.
    static func fold(_ text: String, folder: inout ScalarFolder) -> [UInt32] {
        var result: [UInt32] = []
        for scalar in text.unicodeScalars where !StudentValidator.isInvisible(scalar) {
            folder.fold(scalar.value) { result.append($0) }
        }
        return result
    }
}
