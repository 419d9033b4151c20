import RosterEngine

/// The one rule for when two school ids are the same: ignoring case and the spaces around them,
/// and, for an id made of digits, its leading zeros, which a spreadsheet drops (`00421` is `421`).
///
/// An id is kept as it was first written; the rule decides only what matches it, in a lookup
/// (`roster show 421`), in an import's matching, and in the check that no two students share one.
enum SameSchoolID {
    /// The form of `id` that equal ids share.
    ///
    /// An id of digits without a leading zero, as most schools' are, is its own key, found
    /// without making a string.
    static func key(_ id: String) -> String {
        let utf8 = id.utf8
        if let first = utf8.first, first != UInt8(ascii: "0") || utf8.count == 1,
            utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            return id
        }
        let trimmed = id.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty,
            trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            return trimmed
        }
        let digits = trimmed.drop { $0 == "0" }
        return digits.isEmpty ? "0" : String(digits)
    }

    /// Whether `one` and `other` are the same school id.
    static func matches(_ one: String, _ other: String) -> Bool {
        one == other || key(one) == key(other)
    }
}
