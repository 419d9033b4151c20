import Foundation
import RosterEngine
import Testing

@testable import RosterKit

/// The fast path behind edit and remove, whose names stay bytes of the file, checked against the
/// decoded students it stands for.
@Suite("Changing a roster without decoding its names")
struct StoredRosterTests {
    /// The same roster as our writer, Foundation's encoder and Python's plistlib write it.
    static func files(count: Int, seed: UInt64) throws -> [Data] {
        var generator = SeededRandom(seed: seed)
        let students = RandomRoster.make(count: count, using: &generator)
        let registered = RandomRoster.withRegisters(students, using: &generator)
        return [
            Data(try RosterCodec.encode(students, format: .binary)),
            try PropertyListEncoder().encode(students),
            Data(try RosterCodec.encode(registered, format: .binary)),
            try PropertyListEncoder().encode(registered),
        ]
    }

    @Test(
        "registers written by roster's binary writer read back whole, by roster and by Foundation",
        arguments: [1, 300, 25_000])
    func registersRoundTrip(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 11)
        let students = RandomRoster.withRegisters(
            RandomRoster.make(count: count, using: &generator), using: &generator)
        let bytes = Data(try RosterCodec.encode(students, format: .binary))
        #expect(try RosterCodec.decode(bytes, path: "test").students == students)
        #expect(try PropertyListDecoder().decode([Student].self, from: bytes) == students)
        // The same values as the XML writer's file, from each record's value, which Foundation reads alike.
        let fromValues = try XMLPlistWriter.bytes(
            for: .roster(of: students, conventions: FileConventions(format: .binary)))
        let ours = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? NSArray
        let theirs =
            try PropertyListSerialization.propertyList(from: Data(fromValues), format: nil) as? NSArray
        #expect(ours != nil && ours == theirs)
        let stored = try RosterCodec.decodeStored(bytes, path: "test").roster
        #expect(BinaryPlistWriter.bytes(for: stored) == Array(bytes))
    }

    /// What every round trip checks: Foundation reads the binary writer's file as it reads the
    /// XML writer's, made from each record's value, the stored roster reads the students and writes the same bytes back, and
    /// the students written as XML read back whole. Returns the XML file.
    @discardableResult
    func expectReadAlike(_ roster: [Student], bytes: Data, fromValues: [UInt8]) throws -> Data {
        let ours = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? NSArray
        let theirs =
            try PropertyListSerialization.propertyList(from: Data(fromValues), format: nil) as? NSArray
        #expect(ours != nil && ours == theirs)
        let stored = try RosterCodec.decodeStored(bytes, path: "test")
        #expect(stored.conventions.otherFields.isEmpty)
        #expect(BinaryPlistWriter.bytes(for: stored.roster) == Array(bytes))
        #expect(stored.roster.students == roster)
        let xml = Data(try RosterCodec.encode(roster, format: .xml))
        #expect(try RosterCodec.decode(xml, path: "test").students == roster)
        return xml
    }

    @Test(
        "school ids, names in parts and notes written by the binary writer read back whole, by roster and by Foundation",
        arguments: [1, 300, 25_000])
    func detailsRoundTrip(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 17)
        let plain = RandomRoster.make(count: count, using: &generator)
        let students = RandomRoster.withDetails(
            RandomRoster.withRegisters(plain, using: &generator), using: &generator)
        for roster in [students, RandomRoster.withDetails(plain, using: &generator)] {
            let bytes = Data(try RosterCodec.encode(roster, format: .binary))
            #expect(try RosterCodec.decode(bytes, path: "test").students == roster)
            #expect(try PropertyListDecoder().decode([Student].self, from: bytes) == roster)
            let fromValues = try XMLPlistWriter.bytes(
                for: .roster(of: roster, conventions: FileConventions(format: .binary)))
            try expectReadAlike(roster, bytes: bytes, fromValues: fromValues)
        }
    }

    @Test(
        "marks written by the binary writer, beside registers and details, read back whole, by roster and by Foundation",
        arguments: [1, 300, 25_000])
    func marksRoundTrip(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 23)
        let plain = RandomRoster.make(count: count, using: &generator)
        let full = RandomRoster.withMarks(
            RandomRoster.withDetails(RandomRoster.withRegisters(plain, using: &generator), using: &generator),
            using: &generator)
        for roster in [full, RandomRoster.withMarks(plain, using: &generator)] {
            let bytes = Data(try RosterCodec.encode(roster, format: .binary))
            #expect(try RosterCodec.decode(bytes, path: "test").students == roster)
            // The iOS app's decoder reads the file, marks and all.
            #expect(
                try PropertyListDecoder().decode([Student].self, from: bytes).map(\.id) == roster.map(\.id))
            let fromValues = try XMLPlistWriter.bytes(
                for: .roster(of: roster, conventions: FileConventions(format: .binary)))
            let xml = try expectReadAlike(roster, bytes: bytes, fromValues: fromValues)
            let storedXML = try RosterCodec.decodeStored(xml, path: "test").roster
            #expect(storedXML.students == roster)
        }
    }

    @Test("a detail that breaks its rule makes the file damaged, naming the record")
    func damagedDetail() throws {
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ann", "age": 12, "note": "two\nlines"]
        ]
        let file = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        #expect(throws: StorageError.self) { try RosterCodec.decode(file, path: "test") }
        let number: [[String: Any]] = [["id": UUID().uuidString, "name": "Ann", "age": 12, "schoolID": 12]]
        let numbered = try PropertyListSerialization.data(fromPropertyList: number, format: .xml, options: 0)
        #expect(throws: StorageError.self) { try RosterCodec.decode(numbered, path: "test") }
    }

    @Test("a register another app wrote in any order is found lesson by lesson")
    func registerInAnyOrder() throws {
        let keys = RandomRoster.lessonKeys.reversed() + ["2026-11-20/zz", "2026-11-20/a"]
        var register: [String: String] = [:]
        for (position, key) in keys.enumerated() {
            register[key] = position.isMultiple(of: 2) ? "absent" : "late"
        }
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ann", "age": 12, "register": register]
        ]
        let file = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        let stored = try RosterCodec.decodeStored(file, path: "test").roster
        for (key, mark) in register {
            let lesson = try #require(Lesson(key: key))
            #expect(stored.entry(at: 0, in: lesson)?.mark.rawValue == mark, "\(key)")
        }
        #expect(try RosterCodec.decode(file, path: "test").students[0].attendance.count == keys.count)
    }

    static let fixtures = ["sample-class.plist", "ios-app-students.plist", "mixed-scripts.plist"]

    @Test(
        "an unchanged stored roster writes the very bytes its decoded students do",
        arguments: [0, 1, 14, 300, 25_000])
    func unchanged(count: Int) throws {
        var files = try Self.files(count: count, seed: UInt64(count))
        if count == 0 { files += try Self.fixtures.map(Fixtures.data) }
        for file in files {
            let decoded = try RosterCodec.decode(file, path: "test").students
            let stored = try RosterCodec.decodeStored(file, path: "test").roster
            #expect(stored.students == decoded)
            #expect(
                BinaryPlistWriter.bytes(for: stored) == (try RosterCodec.encode(decoded, format: .binary)))
        }
    }

    @Test(
        "edits and removals write what the same change to decoded students writes",
        arguments: [5, 300, 25_000])
    func changed(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 7)
        for file in try Self.files(count: count, seed: UInt64(count) + 1) {
            var decoded = try RosterCodec.decode(file, path: "test").students
            var stored = try RosterCodec.decodeStored(file, path: "test").roster
            let newNames = ["Zoë Ångström", "Ada", "👩‍🔬 Lovelace", String(repeating: "x", count: 40)]
            for name in newNames {
                let index = Int.random(in: 0..<decoded.count, using: &generator)
                decoded[index].name = name
                decoded[index].age += 1
                stored.replace(at: index, with: decoded[index])
            }
            let doomed = Set((0..<3).map { _ in Int.random(in: 0..<decoded.count, using: &generator) })
                .sorted()
            decoded = decoded.indices.filter { !doomed.contains($0) }.map { decoded[$0] }
            stored.remove(at: doomed)
            #expect(stored.students == decoded)
            #expect(
                BinaryPlistWriter.bytes(for: stored) == (try RosterCodec.encode(decoded, format: .binary)))
        }
    }

    @Test("a name another writer stored as UTF-16 although it is all ASCII is written as ASCII")
    func asciiStoredAsUTF16() throws {
        var file = try [UInt8](RosterCodec.encode([Student(name: "Zoë", age: 12)], format: .binary))
        // "Zoë" is the only UTF-16 string: its "ë" (00 EB) becomes "e" (00 65).
        let position = try #require(file.indices.first { file[$0] == 0x00 && file[$0 + 1] == 0xEB })
        file[position + 1] = 0x65
        let decoded = try RosterCodec.decode(Data(file), path: "test").students
        #expect(decoded.map(\.name) == ["Zoe"])
        let stored = try RosterCodec.decodeStored(Data(file), path: "test").roster
        #expect(BinaryPlistWriter.bytes(for: stored) == (try RosterCodec.encode(decoded, format: .binary)))
    }

    @Test("a stored roster finds the same student by every kind of reference")
    func lookup() throws {
        let file = try Fixtures.data("mixed-scripts.plist")
        let decoded = try RosterCodec.decode(file, path: "test").students
        let stored = try RosterCodec.decodeStored(file, path: "test").roster
        var references = decoded.flatMap { [$0.name, $0.name.uppercased(), $0.name.lowercased()] }
        references += decoded.map { UUIDText.string($0.id).lowercased() }
        references += decoded.map { String(UUIDText.string($0.id).prefix(6)) } + ["nobody", "Zo", "0000"]
        for reference in references {
            let expected = Result { try RosterLookup.index(of: reference, in: decoded) }
            let found = Result { try RosterLookup.index(of: reference, among: stored) }
            #expect(String(describing: found) == String(describing: expected), "\(reference)")
        }
    }

    @Test("a name is made only when it could match, and never skipped when it does")
    func couldMatch() {
        let names = [
            "Ada", "ADA", "ß", "SS", "ẞ", "İ", "i̇", "Zoë", "ZOË", "👩‍🔬", "ﬃ", "FFI", "Ǆ", "ǆ", "Ωmega", "ωMEGA",
        ]
        var folder = ScalarFolder()
        for reference in names + ["Zoe\u{0308}", "Zoe\u{200B}", "Ǳ", "dz"] {
            let rule = SameName(reference)
            for name in names where rule.matches(name, folder: &folder) {
                #expect(rule.couldMatch(units: name.utf16.count), "\(reference) \(name)")
                let bigEndian = name.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                #expect(bigEndian.withUnsafeBytes { rule.couldMatch(utf16: $0) }, "\(reference) \(name)")
            }
        }
        #expect(!SameName("Ada").couldMatch(units: 12) && !SameName("Ada Lovelace").couldMatch(units: 3))
        #expect(
            !Array("Bob".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).withUnsafeBytes {
                SameName("Ada").couldMatch(utf16: $0)
            })
    }

    @Test("a damaged or duplicated roster is refused on the fast path too", arguments: [0, 12, 40])
    func damaged(cut: Int) throws {
        let ada = Student(name: "Ada", age: 12)
        let twice = Data(try RosterCodec.encode([ada, ada], format: .binary))
        let damaged = cut == 0 ? twice : twice.prefix(twice.count - cut)
        #expect(throws: StorageError.self) { _ = try RosterCodec.decodeStored(damaged, path: "test") }
    }

    @Test("edit and remove keep an XML roster XML")
    func xml() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file()
        let students = [
            Student(name: "Ada", age: 12), Student(name: "Alan", age: 13), Student(name: "Zoë", age: 11),
        ]
        try Data(RosterCodec.encode(students, format: .xml)).write(to: file)
        let model = await RosterViewModel(fileURL: file)
        try await model.load()
        try await model.edit("zoë", StudentChanges(name: "Zoë Martin"))
        try await model.remove(["Ada"])
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try StorageHandler.load(from: file).map(\.name) == ["Alan", "Zoë Martin"])
        #expect(await model.students.map(\.name) == ["Alan", "Zoë Martin"])
    }
}
