import Foundation

/// A name prepared once for ordering the way people expect.
///
/// Case and accents are ignored, so `Émile` sorts beside `emile`, and runs of digits compare as
/// numbers, so `Student 2` comes before `Student 10`. Building the key folds the name once, which
/// keeps sorting a large class from folding every name again at each comparison.
public struct NameSortKey: Comparable, Sendable {
    private let scalars: [UInt32]

    /// Prepares `name` for comparison.
    ///
    /// - Parameter name: The name as stored.
    public init(_ name: String) {
        let folded: String
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = name.lowercased()
        } else {
            folded = name.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        scalars = Self.encode(folded)
    }

    /// Orders two keys as their names should be ordered.
    public static func < (lhs: NameSortKey, rhs: NameSortKey) -> Bool {
        lhs.scalars.lexicographicallyPrecedes(rhs.scalars)
    }

    // A run of digits becomes the digit marker, its length without leading zeros, then the digits,
    // so a longer number always sorts after a shorter one and equal lengths compare digit by digit.
    private static func encode(_ text: String) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(text.unicodeScalars.count + 4)
        var digits: [UInt32] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == 0x30 }
            result.append(0x30)
            result.append(UInt32(significant.count))
            result.append(contentsOf: significant)
            digits.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if (0x30...0x39).contains(scalar.value) {
                digits.append(scalar.value)
            } else {
                flushDigits()
                result.append(scalar.value)
            }
        }
        flushDigits()
        return result
    }
}
