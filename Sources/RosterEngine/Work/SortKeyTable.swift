#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sort keys of many names (see ``SortKey``) packed into one buffer, for sorting a class.
///
/// One buffer instead of one array per name means sorting compares memory directly, with no
/// reference counting per comparison, which matters when a class has 100,000 students.
package struct SortKeyTable {
    private var bytes: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []

    /// The keys of `count` names, the name at each position given by `name`.
    package init(count: Int, name: @Sendable (Int) -> String) {
        // A large class is folded in parts at once, each part into its own buffer, then joined.
        let parts = ParallelWork.parts(count: count) { Self.keys($0, name: name) }
        for (partBytes, partSpans) in parts {
            let shift = bytes.count
            bytes += partBytes
            spans += shift == 0 ? partSpans : partSpans.map { ($0.start + shift, $0.count) }
        }
    }

    /// The keys of the names at `positions`, packed, with where each one is.
    private static func keys(_ positions: Range<Int>, name: (Int) -> String) -> (
        [UInt8], [(start: Int, count: Int)]
    ) {
        var folder = ScalarFolder()
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        bytes.reserveCapacity(positions.count * 24)
        spans.reserveCapacity(positions.count)
        for position in positions {
            let start = bytes.count
            SortKey.append(name(position), to: &bytes, folder: &folder)
            spans.append((start, bytes.count - start))
        }
        return (bytes, spans)
    }

    /// The positions of the names in sorted order, ties in their original order.
    ///
    /// For a large class, one counting pass puts the keys in order of their first two bytes,
    /// which settles most of the order without a comparison; then each group of keys that share
    /// those bytes is sorted, the groups shared out between the cores. Keys are compared by their
    /// first 32 bytes as four integers, and only keys that share them are compared in full.
    package func sortedIndices(reversed: Bool) -> [Int] {
        bytes.withUnsafeBytes { buffer -> [Int] in
            spans.withUnsafeBufferPointer { spans -> [Int] in
                let order = KeyOrder(
                    bytes: SharedBytes(buffer), spans: SharedBuffer(spans), reversed: reversed)
                var entries = Self.entries(order)
                // A small class is sorted at once: counting into 65,536 groups would cost more.
                guard ParallelWork.partCount(for: entries.count) > 1 else {
                    entries.sort { order($0, $1) }
                    return entries.map(\.index)
                }
                var (grouped, starts) = Self.grouped(entries, reversed: reversed)
                // When most names start alike ("Student 1", "Student 2", …) one group holds most
                // of them; then the whole list is sorted in parts instead.
                let largestGroup = zip(starts, starts.dropFirst()).lazy.map { $1 - $0 }.max() ?? 0
                if largestGroup > grouped.count / 2 {
                    ParallelWork.sort(&grouped) { order($0, $1) }
                } else {
                    grouped = Self.sortingGroups(grouped, starts: starts, by: order)
                }
                let sorted = grouped
                return ParallelWork.array(count: sorted.count) { range, part in
                    for position in range { part.append(sorted[position].index) }
                }
            }
        }
    }

    /// The order of two entries: by their keys' first 32 bytes as four integers, by the rest of
    /// the keys only when those are equal, and by position when the keys are equal.
    private struct KeyOrder {
        let bytes: SharedBytes
        let spans: SharedBuffer<(start: Int, count: Int)>
        let reversed: Bool

        @inline(__always)
        func callAsFunction(_ lhs: Entry, _ rhs: Entry) -> Bool {
            var order = Self.compare(lhs.prefix.0, rhs.prefix.0)
            if order == 0 { order = Self.compare(lhs.prefix.1, rhs.prefix.1) }
            if order == 0 { order = Self.compare(lhs.prefix.2, rhs.prefix.2) }
            if order == 0 { order = Self.compare(lhs.prefix.3, rhs.prefix.3) }
            if order == 0 { order = compareRest(spans.base[lhs.index], spans.base[rhs.index]) }
            if order == 0 { return lhs.index < rhs.index }
            return reversed ? order > 0 : order < 0
        }

        @inline(__always)
        private static func compare(_ left: UInt64, _ right: UInt64) -> Int {
            left == right ? 0 : (left < right ? -1 : 1)
        }

        /// Compares what follows the first 32 bytes, then the lengths.
        private func compareRest(_ left: (start: Int, count: Int), _ right: (start: Int, count: Int)) -> Int {
            let common = min(left.count, right.count)
            let skipped = SortKeyTable.prefixLength
            if common > skipped, let base = bytes.base.baseAddress {
                let result = memcmp(
                    base + left.start + skipped, base + right.start + skipped, common - skipped)
                if result != 0 { return Int(result) }
            }
            return left.count - right.count
        }
    }

    /// Every key's entry, in the roster's order; a large class in parts at once.
    private static func entries(_ order: KeyOrder) -> [Entry] {
        ParallelWork.array(count: order.spans.base.count) { range, part in
            for index in range {
                let span = order.spans.base[index]
                part.append(
                    Entry(prefix: prefix(order.bytes.base, at: span.start, count: span.count), index: index))
            }
        }
    }

    /// `entries` with each group sorted, the groups shared out between parts by where they start.
    private static func sortingGroups(_ entries: [Entry], starts: [Int], by order: KeyOrder) -> [Entry] {
        let groups = starts.count - 1
        let parts = ParallelWork.ranges(
            count: entries.count, parts: ParallelWork.partCount(for: entries.count))
        // Part `k` takes the groups that start in its range of entries.
        let firstGroups =
            parts.map { part in starts.firstIndex { $0 >= part.lowerBound } ?? groups } + [groups]
        let sorted = ParallelWork.each(parts.count) { part in
            var own = Array(entries[starts[firstGroups[part]]..<starts[firstGroups[part + 1]]])
            let offset = starts[firstGroups[part]]
            for group in firstGroups[part]..<firstGroups[part + 1] where starts[group + 1] - starts[group] > 1
            {
                own[(starts[group] - offset)..<(starts[group + 1] - offset)].sort { order($0, $1) }
            }
            return own
        }
        return Array(sorted.joined())
    }

    /// The entries in order of their keys' first two bytes (highest first when `reversed`),
    /// keeping file order within each group, and where each group starts; the last start is the
    /// end of the entries.
    private static func grouped(_ entries: [Entry], reversed: Bool) -> (entries: [Entry], starts: [Int]) {
        let group = { (entry: Entry) in
            let firstTwoBytes = Int(truncatingIfNeeded: entry.prefix.0 >> 48)
            return reversed ? 0xFFFF - firstTwoBytes : firstTwoBytes
        }
        var starts = [Int](repeating: 0, count: 0x1_0001)
        for entry in entries { starts[group(entry) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var next = starts
        let grouped = [Entry](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            for entry in entries {
                buffer.initializeElement(at: next[group(entry)], to: entry)
                next[group(entry)] += 1
            }
            initialized = entries.count
        }
        return (grouped, starts)
    }

    /// How many of a key's first bytes an entry carries with it.
    ///
    /// Most names' keys fit in 32 bytes, so most comparisons read only the two entries. A key
    /// that does not fit sends its comparisons to the key table, which in a class of a million
    /// is far from the entries and out of the processor's caches. With 16 bytes, names that
    /// begin with a first and last name many students share went there so often that sorting a
    /// million students took twice the processor time it takes now.
    private static let prefixLength = 32

    private struct Entry {
        let prefix: (UInt64, UInt64, UInt64, UInt64)
        let index: Int
    }

    /// The first 32 bytes of a key as four big-endian integers, padded with zeros.
    private static func prefix(_ bytes: UnsafeRawBufferPointer, at start: Int, count: Int) -> (
        UInt64, UInt64, UInt64, UInt64
    ) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            for offset in 0..<min(prefixLength, count) {
                // Byte 0 is the first word's most significant byte (on a little-endian
                // processor), so comparing the words compares the bytes in order.
                raw[offset - offset % 8 + 7 - offset % 8] = bytes[start + offset]
            }
        }
        return words
    }

}
