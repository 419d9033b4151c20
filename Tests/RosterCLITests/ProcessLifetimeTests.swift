import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("Process lifetime")
struct ProcessLifetimeTests {
    @Test("what is kept outlives every other reference to it")
    func keeps() {
        final class Loaded: Sendable {}
        weak var kept: Loaded?
        weak var dropped: Loaded?
        do {
            let first = Loaded()
            ProcessLifetime.keep(first)
            kept = first
            let second = Loaded()
            dropped = second
        }
        #expect(kept != nil)
        #expect(dropped == nil)
    }
}
