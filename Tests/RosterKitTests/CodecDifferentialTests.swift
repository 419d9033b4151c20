import Foundation
import Testing

@testable import RosterKit

/// roster's own plist readers and writers against Foundation's, which stay the reference.
@Suite("Codec against Foundation")
struct CodecDifferentialTests {
    static let sizes = [0, 1, 2, 14, 15, 16, 255, 256, 300, 5000]

    @Test(
        "files roster writes decode identically with PropertyListDecoder", arguments: sizes,
        RosterFormat.allCases)
    func ourWriterFoundationReader(count: Int, format: RosterFormat) throws {
        var generator = SeededGenerator(seed: UInt64(count) &* 7919 &+ (format == .xml ? 1 : 0))
        let students = RandomRoster.make(count: count, using: &generator)
        let data = Data(try RosterCodec.encode(students, format: format))
        var decodedFormat = PropertyListSerialization.PropertyListFormat.binary
        let decoded = try PropertyListDecoder().decode([Student].self, from: data, format: &decodedFormat)
        #expect(decoded == students)
        #expect(decodedFormat == (format == .xml ? .xml : .binary))
    }

    @Test(
        "files Foundation writes decode identically with roster's readers", arguments: sizes,
        RosterFormat.allCases)
    func foundationWriterOurReader(count: Int, format: RosterFormat) throws {
        var generator = SeededGenerator(seed: UInt64(count) &* 104_729 &+ (format == .xml ? 1 : 0))
        let students = RandomRoster.make(count: count, using: &generator)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .xml ? .xml : .binary
        let data = try encoder.encode(students)
        let decoded = try RosterCodec.decode(data, path: "test")
        #expect(decoded.students == students)
        #expect(decoded.format == format)
    }

    @Test(
        "every fixture decodes the same both ways",
        arguments: ["sample-class.plist", "ios-app-students.plist", "sample-class-xml.plist"])
    func fixtures(name: String) throws {
        let data = try Fixtures.data(name)
        let ours = try RosterCodec.decode(data, path: name).students
        let foundation = try PropertyListDecoder().decode([Student].self, from: data)
        #expect(ours == foundation)
        #expect(!ours.isEmpty)
    }

    @Test("a roster large enough to be read in two halves reads as Foundation reads it")
    func twoHalves() throws {
        var generator = SeededGenerator(seed: 30_000)
        let students = RandomRoster.make(count: 30_000, using: &generator)
        let data = Data(try RosterCodec.encode(students, format: .binary))
        #expect(try RosterCodec.decode(data, path: "big").students == students)
        #expect(try PropertyListDecoder().decode([Student].self, from: data) == students)
    }

    @Test(
        "the first damaged record is reported, whichever half it is in", arguments: [[25_000], [3, 25_000]])
    func damagedHalves(badRecords: [Int]) throws {
        let records: [[String: Any]] = (0..<30_000).map { index in
            let record: [String: Any] = ["id": UUID().uuidString, "name": "Student \(index)", "age": 12]
            return badRecords.contains(index) ? record.filter { $0.key != "name" } : record
        }
        let data = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        let error = try #require(throws: StorageError.self) { try RosterCodec.decode(data, path: "big") }
        #expect(error == .damaged(path: "big", reason: "record \(badRecords[0] + 1) has no 'name'"))
    }

    @Test("extreme values and every header size survive both codecs", arguments: RosterFormat.allCases)
    func extremes(format: RosterFormat) throws {
        var students: [Student] = []
        for length in [0, 1, 14, 15, 16, 255, 256, 70_000] {
            students.append(Student(name: String(repeating: "a", count: length), age: length))
            students.append(Student(name: String(repeating: "é", count: length), age: -length, grade: length))
        }
        students.append(Student(name: "max", age: .max, grade: .min, score: -0.0))
        students.append(Student(name: "𝄞 clef", age: 0, grade: 255, score: .greatestFiniteMagnitude))
        students.append(Student(name: "small", age: 65_536, grade: 65_535, score: .leastNonzeroMagnitude))
        let data = Data(try RosterCodec.encode(students, format: format))
        #expect(try PropertyListDecoder().decode([Student].self, from: data) == students)
        #expect(try RosterCodec.decode(data, path: "test").students == students)
    }

    @Test("roster's binary output is as compact as Foundation's for names that differ")
    func size() throws {
        var generator = SeededGenerator(seed: 42)
        let students = RandomRoster.make(count: 1000, using: &generator).enumerated().map { index, student in
            var unique = student
            unique.name = "\(student.name.prefix(90)) \(index)"
            return unique
        }
        let ours = try RosterCodec.encode(students, format: .binary)
        let foundation = try PropertyListEncoder().encode(students)
        #expect(ours.count <= foundation.count * 11 / 10)
    }

    @Test("ids are written and read as Foundation writes and reads them")
    func idText() {
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<10_000 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            #expect(UUIDText.string(id) == id.uuidString)
            #expect(StudentFields.uuid(from: id.uuidString.lowercased()) == id)
        }
    }
}
