import Foundation
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
}
