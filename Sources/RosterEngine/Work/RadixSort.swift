/// Sorts whole numbers by their bytes rather than by comparing them.
///
/// Checking a roster's ids for duplicates and finding each id's shortest unique prefix both sort
/// one 64-bit number per student, taken from random ids. Comparing sorts take some 17 comparisons
/// per number for 100,000 students; spreading the numbers over buckets by their highest bits
/// leaves a few numbers in each bucket, and sorting those is almost free.
package enum RadixSort {
    /// How many of the highest bits pick a number's bucket, for `count` numbers: about one bucket
    /// for every two numbers, so random numbers leave a bucket with two on average however many
    /// there are. A fixed number of buckets would let insertion sort's cost per number grow with
    /// the roster (at 16 bits, 15 numbers a bucket for a million).
    package static func bucketBits(forCount count: Int) -> Int {
        let bitsOfCount = Int.bitWidth - count.leadingZeroBitCount
        return min(22, max(8, bitsOfCount - 1))
    }

    /// Buckets at most this large are sorted by insertion, larger ones by `sort()`.
    private static let smallBucket = 32

    /// Sorts `values` in increasing order.
    ///
    /// One counting pass and one moving pass put the numbers in buckets by their highest bits
    /// (see ``bucketBits(forCount:)``); then each bucket is sorted on its own. Numbers that are not
    /// random, which all fall in a few large buckets, are still sorted in O(n log n). Many numbers
    /// are counted, moved and sorted in parts at once, one per core.
    package static func sort(_ values: inout [UInt64]) {
        guard values.count > 64 else {
            values.sort()
            return
        }
        let shift = UInt64(UInt64.bitWidth - bucketBits(forCount: values.count))
        // Each part of the numbers is counted and moved on its own core, into its own share of
        // every bucket, which follows the earlier parts' shares.
        let parts = ParallelWork.ranges(count: values.count, parts: ParallelWork.partCount(for: values.count))
        let all = values
        let counts = ParallelWork.each(parts.count) { part in bucketSizes(of: all[parts[part]], shift: shift)
        }
        let (cursors, ends) = starts(of: counts)
        values = [UInt64](unsafeUninitializedCapacity: all.count) { target, initialized in
            let target = PartedBuffer(target)
            _ = ParallelWork.each(parts.count) { part in
                move(all[parts[part]], into: target.base, at: cursors[part], shift: shift)
            }
            let bucketParts = ParallelWork.ranges(count: ends.count, parts: parts.count)
            _ = ParallelWork.each(bucketParts.count) { part in
                for bucket in bucketParts[part] {
                    let start = bucket == 0 ? 0 : ends[bucket - 1]
                    sortBucket(UnsafeMutableBufferPointer(rebasing: target.base[start..<ends[bucket]]))
                }
            }
            initialized = all.count
        }
    }

    /// How many of `values` fall in each bucket.
    private static func bucketSizes(of values: ArraySlice<UInt64>, shift: UInt64) -> [Int] {
        var sizes = [Int](repeating: 0, count: 1 << (UInt64.bitWidth - Int(shift)))
        sizes.withUnsafeMutableBufferPointer { sizes in
            values.withUnsafeBufferPointer { values in
                for value in values { sizes[Int(value >> shift)] += 1 }
            }
        }
        return sizes
    }

    /// Puts each of `values` in its bucket of `target`, at the next place of that bucket's share
    /// that `cursors` gives.
    private static func move(
        _ values: ArraySlice<UInt64>, into target: UnsafeMutableBufferPointer<UInt64>,
        at cursors: [Int], shift: UInt64
    ) {
        var next = cursors
        next.withUnsafeMutableBufferPointer { next in
            values.withUnsafeBufferPointer { values in
                for value in values {
                    let bucket = Int(value >> shift)
                    target.initializeElement(at: next[bucket], to: value)
                    next[bucket] += 1
                }
            }
        }
    }

    /// Where each part's share of each bucket starts, and where each bucket ends, from how many
    /// numbers of each part fall in each bucket.
    private static func starts(of counts: [[Int]]) -> (cursors: [[Int]], ends: [Int]) {
        var cursors = counts
        var ends = [Int](repeating: 0, count: counts[0].count)
        var position = 0
        for bucket in ends.indices {
            for part in counts.indices {
                cursors[part][bucket] = position
                position += counts[part][bucket]
            }
            ends[bucket] = position
        }
        return (cursors, ends)
    }

    private static func sortBucket(_ bucket: UnsafeMutableBufferPointer<UInt64>) {
        guard bucket.count > 1 else { return }
        guard bucket.count <= smallBucket else {
            // The pointer is copied; the numbers it points at are sorted in place.
            var bucket = bucket
            bucket.sort()
            return
        }
        for index in 1..<bucket.count {
            let value = bucket[index]
            var position = index
            while position > 0 && bucket[position - 1] > value {
                bucket[position] = bucket[position - 1]
                position -= 1
            }
            bucket[position] = value
        }
    }
}
