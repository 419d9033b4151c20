import Foundation
import Testing

@testable import RosterKit

/// Hand-made damaged and hostile files from `Fixtures/hostile/` (see `Fixtures/make_hostile.py`).
@Suite("Hostile files")
struct HostileFileTests {
    @Test(
        "each damaged file is reported with what is wrong, quickly",
        arguments: [
            ("empty.plist", "the file is empty"),
            ("random-bytes.plist", "roster reads binary and XML property lists"),
            ("text-not-plist.plist", "roster reads binary and XML property lists"),
            ("truncated.plist", "it is not a property list"),
            ("top-level-dict.plist", "its top level is not a list of students"),
            ("missing-name.plist", "record 2 has no 'name'"),
            ("duplicate-ids.plist", "record 2 has the same id as record 1"),
            ("bad-uuid.plist", "record 1 has a wrong value for 'id'"),
            ("set.plist", "its top level is not a list of students"),
            ("shared-references.plist", "record 1 is not a dictionary"),
            ("offset-out-of-range.plist", "it is not a property list"),
            ("reference-out-of-range.plist", "an object reference is out of range"),
            ("huge-reference.plist", "an object reference is out of range"),
            ("huge-reference-all-ones.plist", "an object reference is out of range"),
            ("huge-offset.plist", "an object offset is out of range"),
            ("huge-count.plist", "a length is out of range"),
            ("cycle.plist", "record 1 is not a dictionary"),
            ("deep-xml.plist", "record 1 is not a dictionary"),
            ("xml-entity-expansion.plist", "its document type declares entities"),
            ("xml-unclosed.plist", "<string> is not closed"),
        ])
    func damaged(name: String, reason: String) throws {
        let url = Fixtures.url("hostile/" + name)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: url) }
        #expect(clock.now - start < .seconds(1))
        guard case .damaged(let path, let said) = error else {
            Issue.record("expected a damaged-file error, got \(error)")
            return
        }
        #expect(path == url.path)
        #expect(said.contains(reason), "said: \(said)")
    }

    @Test(
        "a hostile value under a key roster does not know is refused within a second, never walked whole",
        arguments: [
            ("shared-references-in-extra-key.plist", "share references so much"),
            ("deep-xml-in-extra-key.plist", "nested more than 256 deep"),
        ])
    func unknownKey(name: String, reason: String) throws {
        let url = Fixtures.url("hostile/" + name)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: url) }
        #expect(clock.now - start < .seconds(1))
        guard case .damaged(_, let said) = error else {
            Issue.record("expected a damaged-file error, got \(error)")
            return
        }
        #expect(said.contains(reason), "said: \(said)")
    }

    @Test("adding to a file whose array lies inside a name keeps every name as it was")
    func arrayInsideAName() throws {
        let folder = try TemporaryFolder()
        let file = folder.file()
        try FileManager.default.copyItem(at: Fixtures.url("hostile/array-inside-a-name.plist"), to: file)
        let before = try StorageHandler.load(from: file)
        try StorageHandler.write(Student(name: "Bob", age: 12), to: file)
        #expect(try StorageHandler.load(from: file).map(\.name) == before.map(\.name) + ["Bob"])
    }
}
