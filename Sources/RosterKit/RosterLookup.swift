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
    /// - Throws: ``LookupError`` when no student or several students match.
    public static func index(of reference: String, in students: [Student]) throws -> Int {
        try index(of: reference, among: students)
    }

    /// Returns the index of the one student that `reference` picks out, as
    /// ``index(of:in:)`` does, in any roster that can be searched.
    static func index(of reference: String, among roster: some SearchableRoster) throws -> Int {
        let wanted = String(reference.trimmingSpaces())
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

    /// Up to three names closest to `reference`, for a reference that matches nobody: those with
    /// the fewest letters to change (at most a third of the reference's), as a whole name or as
    /// one of its words, ignoring case and accents.
    static func closestNames(to reference: String, among roster: some SearchableRoster) -> [String] {
        var folder = ScalarFolder()
        let wanted = folder.folded(reference)
        guard !wanted.isEmpty else { return [] }
        let allowed = max(1, wanted.count / 3)
        var scored: [(distance: Int, index: Int)] = []
        for index in 0..<roster.count {
            let name = roster.name(at: index)
            let whole = folder.folded(name)
            var best =
                abs(whole.count - wanted.count) <= allowed ? NameWords.distance(wanted, whole) : allowed + 1
            for word in NameWords.words(of: name, folder: &folder)
            where abs(word.count - wanted.count) <= allowed {
                best = min(best, NameWords.distance(wanted, word))
            }
            if best <= allowed { scored.append((best, index)) }
        }
        let best = scored.map(\.distance).min()
        var seen: Set<String> = []
        return scored.filter { $0.distance == best }.map { roster.name(at: $0.index) }
            .filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// The shortest prefix of each student's id, at least ``minimumShortIDLength`` characters,
    /// that no other student's id shares.
    ///
    /// Sorting the ids puts the ones that share the longest prefix with an id next to it, so
    /// one pass over neighbours finds every length: O(n log n).
    ///
    /// - Parameter students: The roster.
    /// - Returns: A short id for every student, in the same order as `students`.
    public static func shortIDs(for students: [Student]) -> [String] {
        zip(students, shortIDLengths(for: students)).map { String(UUIDText.string($0.id).prefix($1)) }
    }

    /// How many hexadecimal digits of an id come before each of its hyphens.
    private static let hyphensAfter = [8, 12, 16, 20]

    /// How many characters of each student's id ``shortIDs(for:)`` shows, in the same order.
    ///
    /// - Parameter students: The roster.
    /// - Returns: A length from 8 to 36 for every student, counting hyphens.
    package static func shortIDLengths(for students: [Student]) -> [Int] {
        let keys = students.withUnsafeBufferPointer { $0.map { IDKey($0.id) } }
        var digits = [Int](repeating: minimumShortIDLength, count: keys.count)
        guard keys.count > 1 else { return digits }
        func share(_ shared: Int, _ first: Int, _ second: Int) {
            digits[first] = max(digits[first], shared + 1)
            digits[second] = max(digits[second], shared + 1)
        }
        // Sorting plain integers is several times faster than sorting ids, so each id's first
        // half is sorted with its position packed into the lowest bits. Neighbours that differ
        // above those bits share exactly the digits their integers share; the rare runs that do
        // not are sorted again by their whole ids.
        let positionBits = max(1, Int.bitWidth - (keys.count - 1).leadingZeroBitCount)
        let positionMask = UInt64(1) << positionBits - 1
        var packed = keys.indices.map { (keys[$0].high & ~positionMask) | UInt64($0) }
        RadixSort.sort(&packed)
        func shareWithinRun(_ run: ArraySlice<UInt64>) {
            guard run.count > 1 else { return }
            let members = run.map { Int($0 & positionMask) }.sorted { keys[$0] < keys[$1] }
            for (first, second) in zip(members, members.dropFirst()) {
                share(keys[first].commonHexDigits(with: keys[second]), first, second)
            }
        }
        var runStart = 0
        for position in packed.indices.dropFirst() {
            let difference = (packed[position] ^ packed[position - 1]) & ~positionMask
            guard difference != 0 else { continue }
            let (index, previous) = (
                Int(packed[position] & positionMask), Int(packed[position - 1] & positionMask)
            )
            share(difference.leadingZeroBitCount / 4, index, previous)
            shareWithinRun(packed[runStart..<position])
            runStart = position
        }
        shareWithinRun(packed[runStart...])
        return digits.map { count in
            let capped = min(32, count)
            return capped + hyphensAfter.reduce(0) { $0 + (capped > $1 ? 1 : 0) }
        }
    }

    /// An id as two big-endian halves, so ids sort and compare by their hexadecimal text.
    private struct IDKey: Comparable {
        let high: UInt64
        let low: UInt64

        init(_ id: UUID) {
            (high, low) = withUnsafeBytes(of: id.uuid) { raw in
                (
                    raw.loadUnaligned(as: UInt64.self).bigEndian,
                    raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
                )
            }
        }

        static func < (lhs: IDKey, rhs: IDKey) -> Bool {
            (lhs.high, lhs.low) < (rhs.high, rhs.low)
        }

        static func == (lhs: IDKey, rhs: IDKey) -> Bool {
            lhs.high == rhs.high && lhs.low == rhs.low
        }

        /// How many leading hexadecimal digits the two ids share.
        func commonHexDigits(with other: IDKey) -> Int {
            if high != other.high { return (high ^ other.high).leadingZeroBitCount / 4 }
            if low != other.low { return 16 + (low ^ other.low).leadingZeroBitCount / 4 }
            return 32
        }
    }

    /// A typed id prefix, checked digit by digit against an id's bytes.
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

        /// Whether a name kept as big-endian UTF-16 bytes might match, checked on the bytes: a
        /// name matches an ASCII reference only if it has as many ASCII units as the reference
        /// has bytes (see ``matches(_:)``).
        func couldMatch(utf16BigEndian bytes: UnsafeRawBufferPointer, isUTF16: Bool) -> Bool {
            guard isASCII, isUTF16 else { return true }
            var asciiUnits = 0
            for unit in stride(from: 0, to: bytes.count - 1, by: 2)
            where bytes[unit] == 0 && bytes[unit + 1] < 0x80 {
                asciiUnits += 1
            }
            return asciiUnits == text.utf8.count
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
