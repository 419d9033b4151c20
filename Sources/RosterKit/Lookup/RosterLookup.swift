import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds one student on a roster from what a person typed: a full id, an id prefix or a name, or
/// the words teachers call students by.
///
/// A reference is tried, in order, as: the full id; the school's id (``Student/schoolID``,
/// ignoring case, so `show 0012` finds the student the school numbers 0012); a prefix of the id at least
/// ``minimumPrefixLength`` characters long (case-insensitive); the whole name, by the one rule
/// for names that `add`'s note, an import's duplicate check and ``StudentFilter`` also use
/// (ignoring case, accents and invisible characters); then the name's words, folded by the same rule, each word of the reference
/// a whole word of the name or else the start of one (`lovelace`, `a love` and `zoe martin` find Ada Lovelace and
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
        if let id = UUIDText.uuid(from: wanted),
            let index = (0..<roster.count).first(where: { roster.id(at: $0) == id })
        {
            return index
        }
        let wantedID = SameSchoolID.key(wanted)
        let bySchoolID = (0..<roster.count).filter { index in
            roster.schoolID(at: index).map { SameSchoolID.key($0) == wantedID } ?? false
        }
        if bySchoolID.count == 1 { return bySchoolID[0] }
        let prefix = IDPrefix(wanted)
        let name = SameName(wanted)
        var folder = ScalarFolder()
        var matches = bySchoolID
        for index in 0..<roster.count
        where bySchoolID.isEmpty
            && (prefix?.matches(roster.id(at: index)) == true
                || roster.name(at: index, isSameAs: name, folder: &folder))
        {
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
            nibbles.allSatisfy { nibble in
                let byte = UUIDText.byte(at: nibble.index / 2, of: id)
                return (nibble.index % 2 == 0 ? byte >> 4 : byte & 0x0F) == nibble.value
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
}
