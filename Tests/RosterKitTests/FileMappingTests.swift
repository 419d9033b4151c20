import Foundation
import RosterEngine
import Testing

@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#endif

/// Large rosters are lent from the file cache instead of copied; one file is mapped at a time, so
/// these tests take turns.
@Suite("Reading a large roster from the file cache", .serialized)
struct FileMappingTests {
    /// Mapping is something a whole program turns on, as the `roster` tool does.
    init() {
        FileMapping.installGuard()
    }

    /// A roster file just large enough to be mapped, and its students.
    static func largeRoster(in folder: TemporaryFolder) throws -> (URL, [Student]) {
        var generator = SeededGenerator(seed: 41)
        let students = RandomRoster.make(count: 70_000, using: &generator)
        let url = folder.file()
        try StorageHandler.save(students, to: url)
        let size = try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        try #require(size >= FileMapping.worthMapping)
        return (url, students)
    }

    @Test("a mapped roster reads as the same bytes and students as a copied one")
    func sameAsCopied() throws {
        let folder = try TemporaryFolder()
        let (url, students) = try Self.largeRoster(in: folder)
        let mapped = try #require(try FileSystem.read(url.path, mapping: true))
        #if os(Linux)
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            #expect(maps.contains(url.path))
        #endif
        #expect(mapped == (try FileSystem.read(url.path)))
        #expect(try StorageHandler.load(from: url) == students)
    }

    @Test("adding to and editing a mapped roster changes just what was asked")
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

    #if os(Linux)
        @Test("a mapped file that another program cuts short is reported, not a crash")
        func cutShort() throws {
            let folder = try TemporaryFolder()
            let (url, _) = try Self.largeRoster(in: folder)
            do {
                let mapped = try #require(try FileSystem.read(url.path, mapping: true))
                #expect(truncate(url.path, 4096) == 0)
                let error = try #require(throws: FileProblem.self) {
                    try FileMapping.withCheckedBytes(mapped, path: url.path) { data in
                        data.reduce(0) { $0 &+ Int($1) }
                    }
                }
                #expect(error == .changedWhileRead(path: url.path))
                let described = StorageError(error).description
                #expect(described.contains(url.path) && described.contains("Run the command again"))
            }
            // Once that file is let go, the next one is mapped afresh.
            let otherFolder = try TemporaryFolder()
            let (other, students) = try Self.largeRoster(in: otherFolder)
            let mapped = try #require(try FileSystem.read(other.path, mapping: true))
            #expect(try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).contains(other.path))
            let decoded = try FileMapping.withCheckedBytes(mapped, path: other.path) {
                try RosterCodec.decode($0, path: other.path)
            }
            #expect(decoded.students == students)
        }
    #endif
}
