import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits the slow jobs of a large roster, such as sorting, writing rows and checking imported
/// rows, between the machine's cores.
///
/// Below ``worthSplitting`` items everything runs on the calling thread, so a class of 30 never
/// pays for starting a thread; above it a job is cut into one part per core, but never into parts
/// of fewer than half that many items. The work handed in is `@Sendable`, so the compiler checks
/// that it shares only values that are safe to share; each part's result comes back as a value.
/// Every job waits for all of its parts before it returns, so callers stay ordinary synchronous
/// code.
package enum ParallelWork {
    /// Jobs with at least this many items are split; see the measurements in the README's
    /// section on speed.
    package static let worthSplitting = 20_000

    /// How many rows each part writes before the blocks are handed over.
    package static let rowsPerBlock = 8_192

    /// How many cores the machine has online, at least 1.
    package static let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// How many parts a job of `count` items is cut into: 1 below ``worthSplitting``, else one per
    /// core, each of at least half ``worthSplitting`` items.
    @inlinable package static func partCount(for count: Int) -> Int {
        guard count >= worthSplitting else { return 1 }
        return max(1, min(cores, count / (worthSplitting / 2)))
    }

    /// `0..<count` cut into `parts` ranges of nearly equal size, in order.
    @inlinable package static func ranges(count: Int, parts: Int) -> [Range<Int>] {
        (0..<parts).map { part in (count * part / parts)..<(count * (part + 1) / parts) }
    }

    /// Runs `work` on the parts of `0..<count` at once (see ``partCount(for:)``), or on the whole
    /// range when it is small; returns the results in the order of their ranges.
    ///
    /// - Parameters:
    ///   - count: How many items there are.
    ///   - work: Does the job for the items in a range; called once per part.
    /// - Returns: One result per part, in order.
    @inlinable package static func parts<Result: Sendable>(
        count: Int, _ work: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let ranges = ranges(count: count, parts: partCount(for: count))
        return each(ranges.count) { work(ranges[$0]) }
    }

    /// Runs `work(0)`, `work(1)` … `work(count - 1)` at once, one per core, and returns their
    /// results in that order; a single job runs on the calling thread.
    @inlinable package static func each<Result: Sendable>(_ count: Int, _ work: @Sendable (Int) -> Result)
        -> [Result]
    {
        guard count > 1 else { return count == 1 ? [work(0)] : [] }
        let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { job in
            let result = work(job)
            results.withLock { $0[job] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Runs two different jobs, at once when `splitting`, and returns both results.
    ///
    /// For two jobs where one keeps a single core busy, such as finding short ids while the
    /// names are sorted: the other core is lent to whichever job can use it.
    ///
    /// - Parameters:
    ///   - splitting: Whether the jobs are large enough to be worth a second thread; otherwise
    ///     they run one after the other on the calling thread.
    ///   - first: One job.
    ///   - second: The other job.
    /// - Returns: The results of `first` and `second`.
    @inlinable package static func both<First: Sendable, Second: Sendable>(
        splitting: Bool, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard splitting, cores > 1 else { return (first(), second()) }
        let results = Mutex<(First?, Second?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { job in
            if job == 0 {
                let result = first()
                results.withLock { $0.0 = result }
            } else {
                let result = second()
                results.withLock { $0.1 = result }
            }
        }
        return results.withLock { results in
            guard let first = results.0, let second = results.1 else {
                preconditionFailure("concurrentPerform returned before both jobs ran")
            }
            return (first, second)
        }
    }

    /// An array of `count` elements made in parts at once and joined: `fill` appends the
    /// elements of the positions in a range, in order, to the part it is given.
    ///
    /// The caller's `fill` loops over its own range, so the per-element work is compiled where the
    /// element's type is known; this function only shares out the ranges and joins the parts.
    ///
    /// - Parameters:
    ///   - count: How many elements.
    ///   - fill: Appends the elements of a range of positions; called once per part.
    /// - Returns: The elements, in order of their positions.
    @inlinable package static func array<Element: Sendable>(
        count: Int, _ fill: @Sendable (_ range: Range<Int>, _ part: inout [Element]) -> Void
    ) -> [Element] {
        let parts = parts(count: count) { range in
            var part: [Element] = []
            part.reserveCapacity(range.count)
            fill(range, &part)
            return part
        }
        guard parts.count > 1 else { return parts.first ?? [] }
        var joined: [Element] = []
        joined.reserveCapacity(count)
        for part in parts { joined.append(contentsOf: part) }
        return joined
    }

    /// Sorts `elements`; a large array in parts at once, which are then merged.
    ///
    /// - Parameters:
    ///   - elements: The array to sort in place.
    ///   - areInIncreasingOrder: A strict total order; elements it cannot tell apart may end in
    ///     either order, so break ties (for example by position) when the order matters.
    @inlinable package static func sort<Element: Sendable>(
        _ elements: inout [Element], by areInIncreasingOrder: @Sendable (Element, Element) -> Bool
    ) {
        guard partCount(for: elements.count) > 1 else {
            elements.sort(by: areInIncreasingOrder)
            return
        }
        let all = elements
        var sorted = parts(count: all.count) { range in all[range].sorted(by: areInIncreasingOrder) }
        while sorted.count > 1 {
            let pairs = stride(from: 0, to: sorted.count, by: 2).map {
                Array(sorted[$0..<min($0 + 2, sorted.count)])
            }
            sorted = each(pairs.count) { pair in
                pairs[pair].count == 1
                    ? pairs[pair][0] : merged(pairs[pair][0], pairs[pair][1], by: areInIncreasingOrder)
            }
        }
        elements = sorted[0]
    }

    /// The sorted arrays `left` and `right` as one sorted array, `left`'s elements first among
    /// equals.
    @usableFromInline static func merged<Element>(
        _ left: [Element], _ right: [Element], by areInIncreasingOrder: (Element, Element) -> Bool
    ) -> [Element] {
        var output: [Element] = []
        output.reserveCapacity(left.count + right.count)
        var (leftIndex, rightIndex) = (0, 0)
        while leftIndex < left.count, rightIndex < right.count {
            if areInIncreasingOrder(right[rightIndex], left[leftIndex]) {
                output.append(right[rightIndex])
                rightIndex += 1
            } else {
                output.append(left[leftIndex])
                leftIndex += 1
            }
        }
        output.append(contentsOf: left[leftIndex...])
        output.append(contentsOf: right[rightIndex...])
        return output
    }

    /// Writes `count` rows with `row`, handing the bytes to `emit` in order, a block at a time.
    ///
    /// A long listing is written a block per core at once, so the bytes held at any time stay
    /// small however many rows there are.
    ///
    /// - Parameters:
    ///   - count: How many rows.
    ///   - emit: Receives the rows' bytes, in order.
    ///   - row: Appends row number `index` (from 0) to the bytes it is given.
    @inlinable package static func writeRows(
        count: Int, emit: ([UInt8]) -> Void, row: @Sendable (_ index: Int, _ output: inout [UInt8]) -> Void
    ) {
        let blocksAtOnce = partCount(for: count)
        guard blocksAtOnce > 1 else {
            var output: [UInt8] = []
            for index in 0..<count { row(index, &output) }
            emit(output)
            return
        }
        for start in stride(from: 0, to: count, by: blocksAtOnce * rowsPerBlock) {
            let blocks = each(blocksAtOnce) { block in
                var output: [UInt8] = []
                let first = start + block * rowsPerBlock
                for index in first..<max(first, min(first + rowsPerBlock, count)) { row(index, &output) }
                return output
            }
            for block in blocks where !block.isEmpty { emit(block) }
        }
    }
}

/// Memory the parts of one ``ParallelWork`` job fill at once, each part only its own elements.
///
/// One of the three unchecked types of the parallel work: the compiler cannot see that parts write disjoint
/// elements, which is what every user of it promises (each writes the range or the slots its part
/// was given). It is safe to share because ``ParallelWork`` returns only once every part has
/// finished, and nobody reads the memory before then.
package struct PartedBuffer<Element: Sendable>: @unchecked Sendable {
    /// The memory.
    package let base: UnsafeMutableBufferPointer<Element>

    /// Shares `base` between the parts of one job.
    package init(_ base: UnsafeMutableBufferPointer<Element>) {
        self.base = base
    }
}

/// Values the parts of one ``ParallelWork`` job read at once through a buffer, such as the
/// students a listing writes; see ``PartedBuffer``.
///
/// Reading through a buffer instead of the array it lends itself from keeps the parts from
/// changing the array's reference count once per row, which makes each core wait for the other.
/// Read-only, so sharing it is safe while the array lives, which outlasts the job.
@usableFromInline package struct SharedBuffer<Element: Sendable>: @unchecked Sendable {
    /// The values.
    @usableFromInline package let base: UnsafeBufferPointer<Element>

    /// Shares `base` between the parts of one job.
    @usableFromInline package init(_ base: UnsafeBufferPointer<Element>) {
        self.base = base
    }

    /// Calls `body` with `values` shared through a buffer, for the parts of a job that `body`
    /// runs; the buffer must not outlive `body`.
    @inlinable package static func reading<Result>(_ values: [Element], _ body: (Self) -> Result) -> Result {
        values.withUnsafeBufferPointer { body(Self($0)) }
    }

    /// How many values there are.
    @inlinable package var count: Int { base.count }

    /// The value at `index`, lent rather than copied; an index outside the values stops the
    /// program.
    @inlinable package subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < base.count, "index out of range")
            return base.baseAddress.unsafelyUnwrapped + index
        }
    }
}
