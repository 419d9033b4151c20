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
        #expect(ParallelWork.array(count: count) { $0 * 3 } == (0..<count).map { $0 * 3 })
    }
}
