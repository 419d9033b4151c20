import Foundation
import RosterEngine
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
        var generator = SeededRandom(seed: UInt64(count) &* 7919 &+ (format == .xml ? 1 : 0))
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
        var generator = SeededRandom(seed: UInt64(count) &* 104_729 &+ (format == .xml ? 1 : 0))
        let students = RandomRoster.make(count: count, using: &generator)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .xml ? .xml : .binary
        let data = try encoder.encode(students)
        let decoded = try RosterCodec.decode(data, path: "test")
        #expect(decoded.students == students)
        #expect(decoded.conventions.format == format)
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
        var generator = SeededRandom(seed: 30_000)
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
        // Ages no roster holds (negative, huge) only as numbers: as text, the reader takes digits.
        let numbers = FileConventions(format: format, agesAsText: false)
        let data = Data(try RosterCodec.encode(students, conventions: numbers))
        #expect(try PropertyListDecoder().decode([Student].self, from: data) == students)
        // roster's reader takes only the values a roster holds; the first out of range is named.
        #expect(
            throws: StorageError.damaged(path: "test", reason: "record 1 has an age of 0, outside 1 to 120")
        ) {
            try RosterCodec.decode(data, path: "test")
        }
        // Nor names that add would refuse: none, or longer than 100 characters.
        let named = { (name: String) in
            [Student(name: "Ada", age: 12), Student(name: name, age: 12)]
        }
        for name in ["", String(repeating: "a", count: 255), String(repeating: "é", count: 70_000)] {
            let reason =
                name.isEmpty ? "record 2 has an empty name" : "record 2 has a name longer than 100 characters"
            let data = Data(try RosterCodec.encode(named(name), format: format))
            #expect(throws: StorageError.damaged(path: "test", reason: reason)) {
                try RosterCodec.decode(data, path: "test")
            }
            #expect(throws: StorageError.damaged(path: "test", reason: reason)) {
                try RosterCodec.decodeStored(data, path: "test")
            }
        }
        let valid = students.enumerated().map { index, student in
            Student(
                id: student.id, name: student.name.isEmpty ? "-" : String(student.name.prefix(100)),
                age: 1 + index % 120,
                grade: student.grade.map { Int($0.magnitude % 14) },
                score: student.score.map { min(abs($0), 100) })
        }
        let validData = Data(try RosterCodec.encode(valid, format: format))
        #expect(try RosterCodec.decode(validData, path: "test").students == valid)
        #expect(try PropertyListDecoder().decode([Student].self, from: validData) == valid)
    }

    @Test(
        "a score that is not a number, an age or a grade out of range makes a file damaged",
        arguments: [
            (Student(name: "Ada", age: 12, score: .nan), "record 1 has a score of nan, outside 0 to 100"),
            (
                Student(name: "Ada", age: 12, score: .infinity),
                "record 1 has a score of inf, outside 0 to 100"
            ),
            (Student(name: "Ada", age: .min), "record 1 has an age of \(Int.min), outside 1 to 120"),
            (Student(name: "Ada", age: 12, grade: 40), "record 1 has a grade of 40, outside 0 to 13"),
        ])
    func valuesNoRosterHolds(student: Student, reason: String) throws {
        for format in RosterFormat.allCases {
            let numbers = FileConventions(format: format, agesAsText: false)
            let data = Data(try RosterCodec.encode([student], conventions: numbers))
            #expect(throws: StorageError.damaged(path: "x", reason: reason)) {
                try RosterCodec.decode(data, path: "x")
            }
        }
    }

    @Test("roster's binary output is as compact as Foundation's for names that differ")
    func size() throws {
        var generator = SeededRandom(seed: 42)
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
        var generator = SeededRandom(seed: 36)
        for _ in 0..<10_000 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            #expect(UUIDText.string(id) == id.uuidString)
            #expect(UUIDText.uuid(from: id.uuidString.lowercased()) == id)
        }
    }

    @Test("ids are parsed strictly: every byte at every position, against a plain reference")
    func idParsing() {
        let text = Array("0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6".utf8)
        for position in text.indices {
            for byte in UInt8.min...UInt8.max {
                var changed = text
                changed[position] = byte
                let ours = SharedBytes.reading(changed) { UUIDText.uuid(fromASCII: $0[...]) }
                #expect(ours == Self.referenceUUID(changed), "\(position) \(byte)")
            }
        }
        var generator = SeededRandom(seed: 37)
        for _ in 0..<2_000 {
            let mixed = String(
                UUID().uuidString.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 })
            #expect(UUIDText.uuid(from: mixed) == UUID(uuidString: mixed), "\(mixed)")
        }
    }

    /// 36 characters, hyphens after 8, 12, 16 and 20 hexadecimal digits of either case, read a
    /// pair at a time; Foundation's own parser also takes some malformed text, so it is no oracle.
    static func referenceUUID(_ text: [UInt8]) -> UUID? {
        guard text.count == 36, [8, 13, 18, 23].allSatisfy({ text[$0] == UInt8(ascii: "-") }) else {
            return nil
        }
        let digits = text.enumerated().filter { ![8, 13, 18, 23].contains($0.offset) }.map(\.element)
        let isHex = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        guard digits.allSatisfy(isHex) else { return nil }
        let bytes = stride(from: 0, to: 32, by: 2).compactMap {
            UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    @Test(
        "UTF-16 names are checked four units at a time as one at a time, and made into the strings Swift makes"
    )
    func utf16Check() {
        var generator = SeededRandom(seed: 16)
        let pool: [UInt16] = [
            0x41, 0x7F, 0x80, 0xFF, 0x100, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x2D,
        ]
        for _ in 0..<20_000 {
            let units = (0..<Int.random(in: 0...13, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? pool[Int.random(in: 0..<pool.count, using: &generator)]
                    : UInt16.random(in: 0...0x7F, using: &generator)
            }
            let bytes = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let text = String(validating: units.map { $0 }, as: UTF16.self)
            let expected = text.map { $0.utf16.allSatisfy { $0 < 0x80 } }
            bytes.withUnsafeBytes { raw in
                #expect(UTF16Transcoder.isASCII(bigEndian: raw) == expected, "\(units)")
                #expect(UTF16Transcoder.isASCIIUnitByUnit(bigEndian: raw) == expected, "\(units)")
                #expect(UTF16Transcoder.string(bigEndian: raw) == text, "\(units)")
                if let text {
                    #expect(UTF16Transcoder.utf8Length(bigEndian: raw) == text.utf8.count, "\(units)")
                }
            }
        }
    }
}
