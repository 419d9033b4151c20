import Foundation
import Testing

@testable import RosterKit

/// Adding students by splicing them onto a binary roster, checked against Foundation.
@Suite("Appending to a binary roster")
struct AppendTests {
    static let sizes = [0, 1, 13, 14, 15, 40, 48, 49, 50, 250, 5000]

    @Test(
        "spliced files read back as the old students plus the new, with Foundation too",
        arguments: sizes, [1, 3, 20])
    func splice(count: Int, adding: Int) throws {
        var generator = SeededRandom(seed: UInt64(count * 31 + adding))
        let existing = RandomRoster.make(count: count, using: &generator)
        let added = RandomRoster.make(count: adding, using: &generator)
        for base in [
            Data(try RosterCodec.encode(existing, format: .binary)),
            try PropertyListEncoder().encode(existing),
        ] {
            let result = Data(try RosterCodec.appending(added, to: base, path: "test").file.bytes)
            #expect(result.starts(with: Array("bplist00".utf8)))
            #expect(try RosterCodec.decode(result, path: "test").students == existing + added)
            #expect(try PropertyListDecoder().decode([Student].self, from: result) == existing + added)
        }
    }

    @Test("a file without grade or score keys gets them when a student has them")
    func missingKeys() throws {
        let plain = [Student(name: "Ada", age: 12), Student(name: "Alan", age: 13)]
        let base = Data(try RosterCodec.encode(plain, format: .binary))
        let added = [Student(name: "Zoë", age: 11, grade: 6, score: 91.5)]
        let result = Data(try RosterCodec.appending(added, to: base, path: "test").file.bytes)
        #expect(try PropertyListDecoder().decode([Student].self, from: result) == plain + added)
    }

    @Test("a sample written by Python's plistlib and the iOS app's file both take new students")
    func fixtures() throws {
        for name in ["sample-class.plist", "ios-app-students.plist"] {
            let base = try Fixtures.data(name)
            let before = try RosterCodec.decode(base, path: name).students
            let added = [Student(name: "New Student", age: 12, score: 50)]
            let result = Data(try RosterCodec.appending(added, to: base, path: name).file.bytes)
            #expect(try RosterCodec.decode(result, path: name).students == before + added)
            #expect(try PropertyListDecoder().decode([Student].self, from: result) == before + added)
        }
    }

    @Test("an id that is already on the roster is refused", arguments: RosterFormat.allCases)
    func conflict(format: RosterFormat) throws {
        let ada = Student(name: "Ada", age: 12)
        let base = Data(try RosterCodec.encode([ada], format: format))
        #expect(throws: AppendConflict(ids: [ada.id])) {
            _ = try RosterCodec.appending(
                [Student(id: ada.id, name: "Other", age: 9)], to: base, path: "test")
        }
    }

    @Test("a damaged roster is reported, not appended to")
    func damaged() throws {
        let ada = Student(name: "Ada", age: 12)
        #expect(throws: StorageError.self) {
            _ = try RosterCodec.appending(
                [Student(name: "New", age: 9)], to: try StorageHandler.prepareData([ada, ada]), path: "x")
        }
        #expect(throws: StorageError.self) {
            _ = try RosterCodec.appending(
                [Student(name: "New", age: 9)], to: Data("bplist00 no".utf8), path: "x")
        }
    }

    @Test("an XML roster stays XML when students are added")
    func xml() throws {
        let base = Data(try RosterCodec.encode([Student(name: "Ada", age: 12)], format: .xml))
        let result = Data(
            try RosterCodec.appending([Student(name: "Alan", age: 13)], to: base, path: "x").file.bytes)
        #expect(result.starts(with: Array("<?xml".utf8)))
        #expect(try RosterCodec.decode(result, path: "x").students.map(\.name) == ["Ada", "Alan"])
    }
}
