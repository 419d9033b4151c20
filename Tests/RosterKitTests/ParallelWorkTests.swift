import Foundation
import RosterEngine
import Testing

@testable import RosterKit

@Suite("Parallel work")
struct ParallelWorkTests {
    @Test("both returns each job's own result, split or not", arguments: [false, true])
    func both(splitting: Bool) {
        let (numbers, words) = ParallelWork.both(
            splitting: splitting, { (0..<50_000).reduce(0, +) }, { (0..<3).map { "word \($0)" } })
        #expect(numbers == 1_249_975_000)
        #expect(words == ["word 0", "word 1", "word 2"])
    }

    @Test("array puts every element at its own position, short or long", arguments: [0, 1, 19_999, 50_001])
    func array(count: Int) {
        let array: [Int] = ParallelWork.array(count: count) { range, part in
            for index in range { part.append(index * 3) }
        }
        #expect(array == (0..<count).map { $0 * 3 })
    }
}

@Suite("Parallel work is cut by the machine's cores")
struct ParallelWorkPartsTests {
    @Test("a class of 30, or anything below the threshold, is not split")
    func smallJobsRunWhole() {
        #expect(ParallelWork.partCount(for: 30) == 1)
        #expect(ParallelWork.partCount(for: ParallelWork.worthSplitting - 1) == 1)
        #expect(ParallelWork.parts(count: 30) { $0 } == [0..<30])
    }

    @Test("a large job is cut into one part per core, none smaller than half the threshold")
    func largeJobsUseEveryCore() {
        let count = 40 * ParallelWork.worthSplitting
        let expected = min(ParallelWork.cores, count / (ParallelWork.worthSplitting / 2))
        #expect(ParallelWork.partCount(for: count) == expected)
        let ranges = ParallelWork.parts(count: count) { $0 }
        #expect(ranges.count == expected)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(ParallelWork.partCount(for: ParallelWork.worthSplitting) == min(ParallelWork.cores, 2))
    }

    @Test("ranges share out the items exactly, in order", arguments: [1, 2, 3, 7, 16])
    func ranges(parts: Int) {
        let ranges = ParallelWork.ranges(count: 1_001, parts: parts)
        #expect(ranges.count == parts)
        #expect(Array(ranges.joined()) == Array(0..<1_001))
        #expect(ranges.allSatisfy { abs($0.count - 1_001 / parts) <= 1 })
    }

    @Test("each runs every job once and returns the results in job order")
    func eachKeepsOrder() {
        #expect(ParallelWork.each(5) { $0 * $0 } == [0, 1, 4, 9, 16])
        #expect(ParallelWork.each(0) { $0 }.isEmpty)
    }

    @Test("a large sort in parts gives the order a plain sort gives", arguments: [100, 90_001])
    func sortMatches(count: Int) {
        var generator = SeededRandom(seed: 7)
        var values = (0..<count).map { _ in Int.random(in: 0..<1_000, using: &generator) * 1_000_000 }
        values = values.enumerated().map { $0.element + $0.offset }
        var sorted = values
        ParallelWork.sort(&sorted) { $0 < $1 }
        #expect(sorted == values.sorted())
    }

    @Test("writeRows hands over every row once, in order", arguments: [10, 50_001])
    func writeRowsInOrder(count: Int) {
        var written: [UInt8] = []
        ParallelWork.writeRows(
            count: count, emit: { written += $0 },
            row: { index, output in output.append(UInt8(truncatingIfNeeded: index)) })
        #expect(written == (0..<count).map { UInt8(truncatingIfNeeded: $0) })
    }
}
