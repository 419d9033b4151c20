import Foundation
import RosterEngine
import Testing

@testable import RosterKit

@Suite("The roster lock")
struct FileLockTests {
    @Test("a second lock waits, then gives up with a message about another roster command")
    func busy() throws {
        let folder = try TemporaryFolder()
        let path = folder.file().path
        let holder = try FileLock(rosterPath: path)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: StorageError.self) {
            _ = try FileLock(rosterPath: path, timeout: .milliseconds(300))
        }
        #expect(clock.now - start >= .milliseconds(300))
        #expect(error == .busy(path: path, seconds: 0))
        #expect(error.description.hasPrefix("Another roster command is using '\(path)'"))
        _ = consume holder
        #expect(throws: Never.self) { _ = try FileLock(rosterPath: path, timeout: .milliseconds(300)) }
    }
}
