import Dispatch

/// Splits the slow jobs of a large roster, such as sorting, writing rows and checking imported
/// rows, between two cores.
///
/// Below ``worthSplitting`` items everything runs on the calling thread, so a class of 30 never
/// pays for starting a thread. The work handed in must be safe to run on two threads at once: it
/// may read shared values but write only what it is given. Every job here waits for both halves
/// before it returns, so callers stay ordinary synchronous code.
package enum ParallelWork {
    /// Jobs with at least this many items are split.
    package static let worthSplitting = 20_000

    /// How many rows each core writes before the blocks are handed over.
    package static let rowsPerBlock = 8_192

    /// Sorts `elements`; a large array as two halves at once, which are then merged.
    ///
    /// - Parameters:
    ///   - elements: The array to sort in place.
    ///   - areInIncreasingOrder: A strict total order; elements it cannot tell apart may end in
    ///     either order, so break ties (for example by position) when the order matters.
    package static func sort<Element>(
        _ elements: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool
    ) {
        guard elements.count >= worthSplitting else {
            elements.sort(by: areInIncreasingOrder)
            return
        }
        let middle = elements.count / 2
        withoutActuallyEscaping(areInIncreasingOrder) { areInIncreasingOrder in
            nonisolated(unsafe) let areInIncreasingOrder = areInIncreasingOrder
            elements.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let halves = [
                    UnsafeMutableBufferPointer(rebasing: buffer[..<middle]),
                    UnsafeMutableBufferPointer(rebasing: buffer[middle...]),
                ]
                _ = pair { half in
                    var part = halves[half]
                    part.sort(by: areInIncreasingOrder)
                }
            }
        }
        elements = merged(elements, at: middle, by: areInIncreasingOrder)
    }

    private static func merged<Element>(
        _ elements: [Element], at middle: Int, by areInIncreasingOrder: (Element, Element) -> Bool
    ) -> [Element] {
        elements.withUnsafeBufferPointer { buffer in
            [Element](unsafeUninitializedCapacity: buffer.count) { output, initialized in
                var (left, right) = (0, middle)
                for position in 0..<buffer.count {
                    let takesRight =
                        left == middle
                        || (right < buffer.count && areInIncreasingOrder(buffer[right], buffer[left]))
                    output.initializeElement(at: position, to: buffer[takesRight ? right : left])
                    if takesRight { right += 1 } else { left += 1 }
                }
                initialized = buffer.count
            }
        }
    }

    /// Runs `work` on the two halves of `0..<count` at once, or on the whole range when it is
    /// small; returns the results in order.
    ///
    /// - Parameters:
    ///   - count: How many items there are.
    ///   - work: Does the job for the items in a range; called once or twice.
    /// - Returns: One result, or two in the order of their ranges.
    package static func halves<Result>(count: Int, _ work: (Range<Int>) -> Result) -> [Result] {
        guard count >= worthSplitting else { return [work(0..<count)] }
        let ranges = [0..<count / 2, count / 2..<count]
        return pair { work(ranges[$0]) }
    }

    /// An array of `count` elements, element `index` made by `element(index)`; a long one is made
    /// on both cores, each filling its own half in place.
    ///
    /// - Parameters:
    ///   - count: How many elements.
    ///   - element: Makes the element at a position; called once for each, from two threads at
    ///     once for a long array.
    /// - Returns: The elements, in order of their positions.
    package static func array<Element>(count: Int, _ element: (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each half initializes only its own elements.
            nonisolated(unsafe) let buffer = buffer
            _ = halves(count: count) { range in
                for index in range { buffer.initializeElement(at: index, to: element(index)) }
            }
            initialized = count
        }
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
    package static func both<First, Second>(
        splitting: Bool, _ first: () -> First, _ second: () -> Second
    ) -> (First, Second) {
        guard splitting else { return (first(), second()) }
        // Each job initializes only its own slot.
        nonisolated(unsafe) let firstResult = UnsafeMutablePointer<First>.allocate(capacity: 1)
        nonisolated(unsafe) let secondResult = UnsafeMutablePointer<Second>.allocate(capacity: 1)
        defer {
            firstResult.deallocate()
            secondResult.deallocate()
        }
        _ = pair { job in
            if job == 0 { firstResult.initialize(to: first()) } else { secondResult.initialize(to: second()) }
        }
        return (firstResult.move(), secondResult.move())
    }

    /// Runs `work(0)` and `work(1)` at once, one per core; returns their results in that order.
    package static func pair<Result>(_ work: (Int) -> Result) -> [Result] {
        // Each call writes only its own slot.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result>.allocate(capacity: 2)
        defer { results.deallocate() }
        withoutActuallyEscaping(work) { work in
            nonisolated(unsafe) let work = work
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                results.initializeElement(at: half, to: work(half))
            }
        }
        return (0..<2).map { results.moveElement(from: $0) }
    }

    /// Writes `count` rows with `row`, handing the bytes to `emit` in order, a block at a time.
    ///
    /// A long listing is written two blocks at once, one per core, so the bytes held at any time
    /// stay small however many rows there are.
    ///
    /// - Parameters:
    ///   - count: How many rows.
    ///   - emit: Receives the rows' bytes, in order.
    ///   - row: Appends row number `index` (from 0) to the bytes it is given.
    package static func writeRows(
        count: Int, emit: ([UInt8]) -> Void, row: (_ index: Int, _ output: inout [UInt8]) -> Void
    ) {
        guard count >= worthSplitting else {
            var output: [UInt8] = []
            for index in 0..<count { row(index, &output) }
            emit(output)
            return
        }
        withoutActuallyEscaping(row) { row in
            nonisolated(unsafe) let row = row
            // Each core appends only to its own block.
            nonisolated(unsafe) let blocks = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: 2)
            blocks.initialize(repeating: [])
            defer {
                _ = blocks.deinitialize()
                blocks.deallocate()
            }
            for start in stride(from: 0, to: count, by: 2 * rowsPerBlock) {
                _ = pair { half in
                    let first = start + half * rowsPerBlock
                    for index in first..<max(first, min(first + rowsPerBlock, count)) {
                        row(index, &blocks[half])
                    }
                }
                for half in 0..<2 where !blocks[half].isEmpty {
                    emit(blocks[half])
                    blocks[half].removeAll(keepingCapacity: true)
                }
            }
        }
    }
}
