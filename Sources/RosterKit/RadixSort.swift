/// Sorts whole numbers by their bytes rather than by comparing them.
///
/// Checking a roster's ids for duplicates and finding each id's shortest unique prefix both sort
/// one 64-bit number per student, taken from random ids. Comparing sorts take some 17 comparisons
/// per number for 100,000 students; spreading the numbers over buckets by their highest bits
/// leaves a few numbers in each bucket, and sorting those is almost free.
enum RadixSort {
    /// How many of the highest bits pick a number's bucket.
    private static let bucketBits = 16

    /// Buckets at most this large are sorted by insertion, larger ones by `sort()`.
    private static let smallBucket = 32

    /// Sorts `values` in increasing order.
    ///
    /// One counting pass and one moving pass put the numbers in 65,536 buckets by their highest
    /// 16 bits; then each bucket is sorted on its own. Numbers that are not random, which all
    /// fall in a few large buckets, are still sorted in O(n log n).
    static func sort(_ values: inout [UInt64]) {
        guard values.count > 64 else {
            values.sort()
            return
        }
        let shift = UInt64(UInt64.bitWidth - bucketBits)
        // `ends[bucket]` counts first, then marks where each bucket ends once filled.
        var ends = [Int](repeating: 0, count: 1 << bucketBits)
        ends.withUnsafeMutableBufferPointer { ends in
            for value in values { ends[Int(value >> shift)] += 1 }
            var end = 0
            for bucket in ends.indices {
                end += ends[bucket]
                ends[bucket] = end - ends[bucket]
            }
        }
        // Now `ends` holds where each bucket starts; filling a bucket moves its mark to its end.
        let sorted = [UInt64](unsafeUninitializedCapacity: values.count) { target, initialized in
            ends.withUnsafeMutableBufferPointer { next in
                for value in values {
                    let bucket = Int(value >> shift)
                    target.initializeElement(at: next[bucket], to: value)
                    next[bucket] += 1
                }
                var start = 0
                for end in next {
                    sortBucket(UnsafeMutableBufferPointer(rebasing: target[start..<end]))
                    start = end
                }
            }
            initialized = values.count
        }
        values = sorted
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
