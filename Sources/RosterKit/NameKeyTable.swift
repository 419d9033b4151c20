import Foundation

/// The sort keys of many names (see ``NameSortKey``) packed into one buffer, for sorting a class.
///
/// One buffer instead of one array per name means sorting compares memory directly, with no
/// reference counting per comparison, which matters when a class has 100,000 students.
struct NameKeyTable {
    private var bytes: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []

    init(_ names: [String]) {
        var folder = ScalarFolder()
        bytes.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count * 3 })
        spans.reserveCapacity(names.count)
        for name in names {
            let start = bytes.count
            NameSortKey.append(name, to: &bytes, folder: &folder)
            spans.append((start, bytes.count - start))
        }
    }

    /// The positions of the names in sorted order, ties in their original order.
    func sortedIndices(reversed: Bool) -> [Int] {
        var order = Array(spans.indices)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            order.sort { lhs, rhs in
                let left = spans[lhs]
                let right = spans[rhs]
                var result = memcmp(base + left.start, base + right.start, min(left.count, right.count))
                if result == 0 { result = Int32(left.count - right.count) }
                if result == 0 { return lhs < rhs }
                return reversed ? result > 0 : result < 0
            }
        }
        return order
    }
}
