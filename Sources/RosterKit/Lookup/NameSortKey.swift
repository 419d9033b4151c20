import RosterEngine

/// A name prepared once for ordering the way people expect.
///
/// Case and accents are ignored, so `Émile` sorts beside `emile`, and runs of digits compare as
/// numbers, so `Student 2` comes before `Student 10`. Building the key folds the name once, so
/// sorting a class compares plain bytes instead of folding names again at every comparison.
package struct NameSortKey: Comparable, Sendable {
    private let bytes: [UInt8]

    /// Prepares `name` for comparison.
    ///
    /// - Parameter name: The name as stored.
    package init(_ name: String) {
        var bytes: [UInt8] = []
        var folder = ScalarFolder()
        SortKey.append(name, to: &bytes, folder: &folder)
        self.bytes = bytes
    }

    /// Orders two keys as their names should be ordered.
    package static func < (lhs: NameSortKey, rhs: NameSortKey) -> Bool {
        SortKey.precedes(lhs.bytes, rhs.bytes)
    }
}
