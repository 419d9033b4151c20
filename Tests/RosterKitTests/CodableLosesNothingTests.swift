import Foundation
import Testing

@testable import RosterKit

/// `Student`'s `Codable` keeps every field of the record: an app that saves RosterKit's students
/// with `PropertyListEncoder` (as the tutorial's `prepareData` does) or `JSONEncoder` gets back the
/// join and leaving days, the register, the marks and other apps' keys.
@Suite("Codable loses nothing")
struct CodableLosesNothingTests {
    /// Students that hold every field roster keeps, at random from `seed`; `json` leaves out the
    /// values JSON cannot hold (dates, data, reals with no fraction).
    static func students(seed: UInt64, json: Bool) -> [Student] {
        var random = SeededRandom(seed: seed)
        return (0..<40).map { index in
            var student = Student(
                name: ["Ada Lovelace", "Zoë Martin", "李华", "Nguyễn Thị Mai"][index % 4] + " \(index)",
                age: Int.random(in: 4...19, using: &random))
            if Bool.random(using: &random) { student.grade = Int.random(in: 1...12, using: &random) }
            if Bool.random(using: &random) {
                student.score = Double(Int.random(in: 0...10_000, using: &random)) / 100
            }
            if Bool.random(using: &random) { student.schoolID = "00\(index)" }
            if Bool.random(using: &random) { (student.firstName, student.lastName) = ("Ada", "Lovelace") }
            if Bool.random(using: &random) { student.note = "sits at the front" }
            if Bool.random(using: &random) {
                student.joined = SchoolDay(checked: "2026-09-0\(index % 9 + 1)")
            }
            if Bool.random(using: &random) { student.left = SchoolDay(checked: "2026-11-1\(index % 9)") }
            if Bool.random(using: &random), let lesson = Lesson(day: SchoolDay(checked: "2026-10-05")) {
                student.attendance = [lesson: AttendanceEntry(.absent, reason: index % 2 == 0 ? "ill" : nil)]
            }
            // Other apps' keys come first, and the marks after them, as every reader keeps them.
            if Bool.random(using: &random) { student.otherFields += otherFields(json: json) }
            if Bool.random(using: &random) {
                student.marks = ["a1": .points(Fraction(7)), "a2": .excused, "a3": .percent(Fraction(81))]
            }
            return student
        }
    }

    /// Keys another app keeps, one of each kind of value.
    static func otherFields(json: Bool) -> [PlistEntry] {
        var fields = [
            PlistEntry(key: "nickname", value: .string("Ada")),
            PlistEntry(key: "house", value: .integer(4)),
            PlistEntry(key: "height", value: .real(1.52)),
            PlistEntry(key: "prefect", value: .bool(true)),
            PlistEntry(key: "clubs", value: .array([.string("chess"), .integer(2)])),
            PlistEntry(
                key: "contact",
                value: .dictionary([
                    PlistEntry(key: "phone", value: .string("0123")),
                    PlistEntry(key: "ok", value: .bool(false)),
                ])),
        ]
        if !json {
            fields.append(PlistEntry(key: "photo", value: .data([0, 1, 2, 255])))
            fields.append(PlistEntry(key: "seen", value: .date(812_345_678)))
        }
        return fields
    }

    @Test(
        "prepareData's bytes, read back by load and by PropertyListDecoder, are the students given",
        arguments: [1, 2, 3] as [UInt64])
    func propertyListRoundTrip(seed: UInt64) throws {
        let students = Self.students(seed: seed, json: false)
        let data = try StorageHandler.prepareData(students)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("codable-\(UUID()).plist")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        #expect(try StorageHandler.load(from: file) == students)
        #expect(try PropertyListDecoder().decode([Student].self, from: data) == students)
    }

    @Test(
        "an app's JSONEncoder and JSONDecoder round trip gives equal students", arguments: [4, 5] as [UInt64])
    func jsonRoundTrip(seed: UInt64) throws {
        let students = Self.students(seed: seed, json: true)
        let data = try JSONEncoder().encode(students)
        #expect(try JSONDecoder().decode([Student].self, from: data) == students)
    }

    @Test("a decoded record keeps roster's rules: a leaving day that is not a day is refused")
    func checkedAsRosterReadsIt() throws {
        let record: [String: Any] = ["id": UUID().uuidString, "name": "Ana", "age": "12", "leftOn": "soon"]
        let data = try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0)
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode([Student].self, from: data) }
    }
}
