import Foundation
import RosterEngine
import Testing

@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#endif

/// Large rosters are read in two halves at once, never mapped, so no signal handler is needed:
/// a file cut short by another program while it is read is an error, not a crash.
@Suite("Reading a large roster")
struct LargeRosterTests {
    /// A roster file large enough to be read in halves, and its students.
    static func largeRoster(in folder: TemporaryFolder) throws -> (URL, [Student]) {
        var generator = SeededRandom(seed: 41)
        let students = RandomRoster.make(count: 70_000, using: &generator)
        let url = folder.file()
        try StorageHandler.save(students, to: url)
        let size = try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        try #require(size >= FileReading.splitReadSize)
        return (url, students)
    }

    @Test("a large roster reads as the same students, and is never mapped")
    func readWhole() throws {
        let folder = try TemporaryFolder()
        let (url, students) = try Self.largeRoster(in: folder)
        #expect(try StorageHandler.load(from: url) == students)
        #if os(Linux)
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            #expect(!maps.contains(url.path))
        #endif
    }

    @Test("adding to and editing a large roster changes just what was asked")
    func changes() throws {
        let folder = try TemporaryFolder()
        let (url, students) = try Self.largeRoster(in: folder)
        let added = Student(name: "Added Last", age: 9)
        try StorageHandler.write(added, to: url)
        #expect(try StorageHandler.load(from: url) == students + [added])
        try ClassroomIntents.remove([added.id.uuidString], at: url)
        try ClassroomIntents.edit(students[500].id.uuidString, StudentChanges(name: "Edited Name"), at: url)
        var expected = students
        expected[500].name = "Edited Name"
        #expect(try StorageHandler.load(from: url) == expected)
    }
}
