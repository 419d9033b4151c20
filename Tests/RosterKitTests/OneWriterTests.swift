import Foundation
import Testing

@testable import RosterEngine
@testable import RosterKit

/// The binary writer is the one writer of binary rosters: other apps' keys of every kind and ages
/// kept as written go through it, and it writes what the XML writer writes, value for value.
@Suite("One writer each way")
struct OneWriterTests {
    /// Values of every kind a property list holds, nested, empty and large.
    static func value(_ depth: Int, using generator: inout SeededRandom) -> PlistValue {
        switch Int.random(in: 0..<(depth > 2 ? 8 : 11), using: &generator) {
        case 0: .string(RandomRoster.nameParts.randomElement(using: &generator) ?? "x")
        case 1: .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 2: .integer(Int64(Int.random(in: -2...300, using: &generator)))
        case 3: .real(Double.random(in: -1e9...1e9, using: &generator))
        case 4: .bool(Bool.random(using: &generator))
        case 5: .date(Double(Int.random(in: -1_000_000...1_000_000_000, using: &generator)))
        case 6: .data((0..<Int.random(in: 0...40, using: &generator)).map { UInt8(truncatingIfNeeded: $0) })
        case 7: .string(String(repeating: "long text ", count: Int.random(in: 1...20, using: &generator)))
        case 8:
            .array(
                (0..<Int.random(in: 0...17, using: &generator)).map { _ in value(depth + 1, using: &generator)
                })
        default:
            .dictionary(
                (0..<Int.random(in: 0...16, using: &generator)).map {
                    PlistEntry(key: "k\($0)", value: value(depth + 1, using: &generator))
                })
        }
    }

    /// `students` with other apps' keys on most (up to 20 on one record, so its dictionary's count
    /// takes a byte of its own), and a few ages kept as written.
    static func withOtherKeys(_ students: [Student], using generator: inout SeededRandom) -> [Student] {
        students.map { student in
            var student = student
            if Int.random(in: 0..<8, using: &generator) == 0 {
                student.age = 0
                student.otherFields.append(PlistEntry(key: Student.ageKey, value: .string(" twelve ")))
            }
            for number in 0..<Int.random(in: 0...20, using: &generator) where number % 3 != 1 {
                student.otherFields.append(
                    PlistEntry(key: "app\(number)", value: value(0, using: &generator)))
            }
            return student
        }
    }

    @Test(
        "other apps' keys and written ages go through the binary writer, read alike with the XML writer's file",
        arguments: [1, 40, 3_000])
    func otherKeys(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 31)
        let plain = RandomRoster.make(count: count, using: &generator)
        let full = RandomRoster.withMarks(
            RandomRoster.withDetails(RandomRoster.withRegisters(plain, using: &generator), using: &generator),
            using: &generator)
        for roster in [
            Self.withOtherKeys(plain, using: &generator), Self.withOtherKeys(full, using: &generator),
        ] {
            for agesAsText in [true, false] {
                let conventions = FileConventions(format: .binary, agesAsText: agesAsText)
                let bytes = Data(try RosterCodec.encode(roster, conventions: conventions))
                let xml = try XMLPlistWriter.bytes(for: .roster(of: roster, conventions: conventions))
                let ours = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? NSArray
                let theirs =
                    try PropertyListSerialization.propertyList(from: Data(xml), format: nil) as? NSArray
                #expect(ours != nil && ours == theirs)
                let decoded = try RosterCodec.decode(bytes, path: "test")
                #expect(decoded.students == roster)
                // Read for a change, the names left as bytes, and written back: the same file.
                let stored = try RosterCodec.decodeStored(bytes, path: "test")
                var again: [UInt8] = []
                try RosterCodec.fileWriter(stored.roster, conventions: stored.conventions)({
                    again.append(contentsOf: $0)
                })
                #expect(try RosterCodec.decode(Data(again), path: "test").students == roster)
            }
        }
    }

    @Test("a keyed archiver's references among other apps' keys come back as they were")
    func archiverReferences() throws {
        var student = Student(name: "Ada", age: 12)
        student.otherFields = [
            PlistEntry(key: "archived", value: .dictionary([PlistEntry(key: "root", value: .uid(7))])),
            PlistEntry(key: "wide", value: .uid(70_000)),
        ]
        let bytes = Data(try RosterCodec.encode([student], format: .binary))
        #expect(try RosterCodec.decode(bytes, path: "test").students == [student])
    }

    @Test("the XML writer names the record and the key of a text that XML cannot hold")
    func xmlNamesTheRecord() throws {
        let students = [Student(name: "Ada", age: 12), Student(name: "B\u{1}en", age: 12)]
        #expect {
            try RosterCodec.encode(students, format: .xml)
        } throws: { error in
            "\(error)".contains("the 'name' of record 2 holds a control character")
        }
    }
}
