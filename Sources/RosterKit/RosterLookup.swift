import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds one student on a roster from what a person typed: a full id, an id prefix or a name, or
/// the words teachers call students by.
///
/// A reference is tried, in order, as: the full id; a prefix of the id at least
/// ``minimumPrefixLength`` characters long (case-insensitive); the whole name (ignoring case);
/// then the name's words, ignoring case and accents, each word of the reference a whole word of
/// the name or else the start of one (`lovelace`, `a love` and `zoe martin` find Ada Lovelace and
/// Zoë Martin). Whole words win over starts: beside Adam Smith, `ada` is Ada Lovelace. It must
/// match exactly one student; a reference that matches none is told the closest names.
public enum RosterLookup {
    /// The shortest id prefix accepted as a reference.
    public static let minimumPrefixLength = 4
    /// The shortest id prefix shown in listings.
    public static let minimumShortIDLength = 8

    /// Returns the index in `students` of the one student that `reference` picks out.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name.
    ///   - students: The roster to search.
    /// - Throws: ``LookupError`` when no student or several students match, or the reference is
    ///   longer than a name can be.
    public static func index(of reference: String, in students: [Student]) throws -> Int {
        try index(of: reference, among: students)
    }

    /// Returns the index of the one student that `reference` picks out, as
    /// ``index(of:in:)`` does, in any roster that can be searched.
    static func index(of reference: String, among roster: some SearchableRoster) throws -> Int {
        let wanted = String(reference.trimmingSpaces())
        // Checked before any search: a query of thousands of words would take seconds.
        if wanted.utf8.count > StudentValidator.maximumNameLength,
            wanted.count > StudentValidator.maximumNameLength
        {
            throw LookupError.tooLong(length: wanted.count, limit: StudentValidator.maximumNameLength)
        }
        if let id = StudentFields.uuid(from: wanted),
            let index = (0..<roster.count).first(where: { roster.id(at: $0) == id })
        {
            return index
        }
        let prefix = IDPrefix(wanted)
        let name = NameMatcher(wanted)
        var matches: [Int] = []
        for index in 0..<roster.count
        where prefix?.matches(roster.id(at: index)) == true || roster.name(at: index, matches: name) {
            matches.append(index)
        }
        if matches.isEmpty { matches = byWords(wanted, among: roster) }
        guard let first = matches.first else {
            throw LookupError.notFound(reference: reference, closest: closestNames(to: wanted, among: roster))
        }
        guard matches.count == 1 else {
            let candidates = matches.prefix(11).map {
                "\(UUIDText.string(roster.id(at: $0)).prefix(minimumShortIDLength)) \(roster.name(at: $0))"
            }
            throw LookupError.ambiguous(reference: reference, candidates: candidates, count: matches.count)
        }
        return first
    }

    private struct IDPrefix {
        private let nibbles: [(index: Int, value: UInt8)]

        init?(_ text: String) {
            let characters = Array(text.uppercased().utf8)
            guard characters.count >= RosterLookup.minimumPrefixLength, characters.count <= 36 else {
                return nil
            }
            var nibbles: [(Int, UInt8)] = []
            for (position, character) in characters.enumerated() {
                if [8, 13, 18, 23].contains(position) {
                    guard character == UInt8(ascii: "-") else { return nil }
                    continue
                }
                guard let value = Self.hexValue(character) else { return nil }
                nibbles.append((nibbles.count, value))
            }
            self.nibbles = nibbles
        }

        func matches(_ id: UUID) -> Bool {
            withUnsafeBytes(of: id.uuid) { raw in
                nibbles.allSatisfy { nibble in
                    let byte = raw[nibble.index / 2]
                    return (nibble.index % 2 == 0 ? byte >> 4 : byte & 0x0F) == nibble.value
                }
            }
        }

        private static func hexValue(_ character: UInt8) -> UInt8? {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }

    /// Compares names case-insensitively, byte by byte when both are ASCII.
    struct NameMatcher {
        private let text: String
        private let lowered: String
        private let visibleLowered: String
        private let isASCII: Bool

        init(_ text: String) {
            self.text = text
            lowered = text.lowercased()
            visibleLowered = Self.visible(text).lowercased()
            isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        }

        /// Whether a name of `units` UTF-16 code units might match, so that a name kept as bytes
        /// is made into a `String` only then.
        func couldMatch(units: Int, isASCII nameIsASCII: Bool) -> Bool {
            let length = text.utf8.count
            if isASCII && nameIsASCII { return units == length }
            // An ASCII name matches a name of other characters only through invisible ones
            // (a joiner, a selector) or a rare letter that lowercases to ASCII (the Kelvin sign):
            // a few units more, never fewer.
            if isASCII { return units >= length && units <= length + 4 }
            // A name of `units` UTF-16 units has from one to three times as many UTF-8 bytes, and
            // `matches` needs the two lengths within two bytes of each other.
            return units <= length + 2 && length <= 3 * units + 2
        }

        func matches(_ name: String) -> Bool {
            let nameIsASCII = name.utf8.allSatisfy { $0 < 0x80 }
            if isASCII && nameIsASCII {
                return name.utf8.count == text.utf8.count
                    && zip(name.utf8, lowered.utf8).allSatisfy { Self.lower($0) == $1 }
            }
            if name == text { return true }
            // An ASCII reference matches a name with other characters only through invisible ones
            // (or a rare letter that lowercases to ASCII): the name keeps the reference's ASCII
            // bytes, which a byte count checks without making anything.
            if isASCII && name.utf8.reduce(0, { $0 + ($1 < 0x80 ? 1 : 0) }) != text.utf8.count {
                return false
            }
            // Changing case changes a name's length by a byte or two at most in practice, and an
            // invisible character adds three or four, so most names are ruled out without the
            // cost of lowercasing them.
            guard abs(name.utf8.count - text.utf8.count) <= 8 else { return false }
            return Self.visible(name).lowercased() == visibleLowered
        }

        /// `text` without the characters that show nothing; see ``StudentValidator/isInvisible(_:)``.
        static func visible(_ text: String) -> String {
            // Every invisible character's UTF-8 starts with one of these bytes; most names have none.
            let mayHaveInvisible = text.utf8.contains {
                $0 == 0xC2 || (0xD8...0xDC).contains($0) || $0 >= 0xE1
            }
            guard mayHaveInvisible, text.unicodeScalars.contains(where: StudentValidator.isInvisible) else {
                return text
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text.unicodeScalars.filter { !StudentValidator.isInvisible($0) })
            return String(scalars)
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
    }
}
