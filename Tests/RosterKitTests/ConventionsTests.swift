import Foundation
import Testing

@testable import RosterKit

/// A roster another program shares keeps that program's ways: ages as text, keys roster does not
/// know, and its format.
@Suite("A shared file keeps its conventions")
struct ConventionsTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
    }

    /// The iOS teaching app's model, which stores the age as a string.
    struct AppStudent: Codable, Equatable {
        var id: UUID
        var name: String
        var age: String
    }

    private func appStudents() throws -> [AppStudent] {
        try PropertyListDecoder().decode([AppStudent].self, from: Data(contentsOf: file))
    }

    @Test("the iOS app still reads its file after add, edit, import and remove")
    func appFileStaysTheApps() throws {
        try FileManager.default.copyItem(at: Fixtures.url("ios-app-students.plist"), to: file)
        let ada = try ClassroomIntents.add(name: "Ada Lovelace", age: 12, to: file).student
        #expect(try appStudents().last == AppStudent(id: ada.id, name: "Ada Lovelace", age: "12"))
        try ClassroomIntents.edit("Ana Souza", StudentChanges(age: 18), at: file)
        #expect(try appStudents().first?.age == "18")
        try ClassroomIntents.remove(["Ömer Çelik"], at: file)
        try ClassroomIntents.importStudents(
            RosterImporter.read(Data("name,age\nGrace,13\n".utf8), format: .csv), replace: false, into: file)
        #expect(try appStudents().map(\.age) == ["18", "16", "15", "12", "13"])
        let lesson = try #require(Lesson(day: SchoolDay.today(), name: "2"))
        try ClassroomIntents.markAttendance(
            ["Grace"], as: AttendanceEntry(.excused, reason: "dentist"), in: lesson, at: file,
            command: "absent")
        #expect(try appStudents().map(\.age) == ["18", "16", "15", "12", "13"])
        #expect(try StorageHandler.load(from: file).last?.attendance[lesson]?.reason == "dentist")
    }

    @Test("the iOS app still reads its file after an import matched by school id")
    func appFileAfterSchoolIDImport() throws {
        try FileManager.default.copyItem(at: Fixtures.url("ios-app-students.plist"), to: file)
        var schoolID = StudentChanges()
        schoolID[.schoolID] = "0012"
        try ClassroomIntents.edit("Ana Souza", schoolID, at: file)
        let before = try appStudents()
        let csv = "school_id,name,age\n0012,Ana Souza,19\n0099,Grace Hopper,13\n"
        let changes = try ClassroomIntents.importStudents(
            RosterImporter.read(Data(csv.utf8), format: .csv), replace: false, into: file)
        #expect(changes.updated.count == 1 && changes.added.count == 1)
        let after = try appStudents()
        #expect(after.first == AppStudent(id: before[0].id, name: "Ana Souza", age: "19"))
        #expect(after.dropFirst().dropLast() == before.dropFirst() && after.last?.name == "Grace Hopper")
    }

    @Test("a roster of whole-number ages, as plistlib writes it, stays whole numbers; a new one has text")
    func integerAgesStay() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let new = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
                as? [[String: Any]])
        #expect(new.first?["age"] as? String == "12")
        let record: [String: Any] = ["id": UUID().uuidString, "name": "Ada", "age": 12]
        try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0).write(
            to: file)
        _ = try ClassroomIntents.edit("Ada", StudentChanges(age: 13), at: file)
        let records = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
                as? [[String: Any]])
        #expect(records.first?["age"] as? Int == 13)
    }

    private static var otherFields: [String: Any] {
        [
            "nickname": "Countess", "tags": ["math", ["first": true]], "photo": Data([0, 1, 255]),
            "born": Date(timeIntervalSince1970: 1_000_000_000), "ratio": 1.5, "count": -7,
        ]
    }

    private func writeSharedRoster(format: PropertyListSerialization.PropertyListFormat) throws {
        let records: [[String: Any]] = ["Ada", "Alan", "Grace"].enumerated().map { index, name in
            var record = Self.otherFields
            record["id"] = UUID().uuidString
            record["name"] = name
            record["age"] = 12 + index
            return record
        }
        try PropertyListSerialization.data(fromPropertyList: records, format: format, options: 0).write(
            to: file)
    }

    private func recordsOnDisk() throws -> [[String: Any]] {
        try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
                as? [[String: Any]])
    }

    @Test(
        "keys roster does not know survive add, edit, remove and undo, in binary and XML",
        arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func otherKeysSurvive(format: PropertyListSerialization.PropertyListFormat) throws {
        try writeSharedRoster(format: format)
        _ = try ClassroomIntents.add(name: "Zoe", age: 11, to: file)
        try ClassroomIntents.edit("Alan", StudentChanges(score: 88), at: file)
        try ClassroomIntents.remove(["Grace"], at: file)
        let records = try recordsOnDisk()
        #expect(records.map { $0["name"] as? String } == ["Ada", "Alan", "Zoe"])
        for record in records.prefix(2) {
            #expect(
                NSDictionary(dictionary: record.filter { Self.otherFields[$0.key] != nil })
                    == NSDictionary(dictionary: Self.otherFields))
        }
        #expect(records[2].count == 3)
        let isXML = try Data(contentsOf: file).starts(with: Array("<?xml".utf8))
        #expect(isXML == (format == .xml))
    }

    @Test("an XML roster stays XML after delete-all and add", arguments: [true, false])
    func formatSurvivesDeleteAll(xml: Bool) throws {
        try writeSharedRoster(format: xml ? .xml : .binary)
        try StorageHandler.deleteAll(at: file)
        try StorageHandler.write(Student(name: "New Kid", age: 12), to: file)
        #expect(try Data(contentsOf: file).starts(with: Array("<?xml".utf8)) == xml)
        #expect(try StorageHandler.load(from: file).map(\.name) == ["New Kid"])
    }

    @Test("dates keep their second through the XML reader and writer")
    func dates() throws {
        for seconds in [0.0, -1, 86_399, 1_000_000_000, -3_000_000_000, 700_000_000.5] {
            let text = PlistDate.iso8601(fromSeconds: seconds)
            #expect(PlistDate.seconds(fromISO8601: text) == seconds.rounded(.down), "\(text)")
        }
        #expect(PlistDate.iso8601(fromSeconds: 0) == "2001-01-01T00:00:00Z")
        #expect(PlistDate.seconds(fromISO8601: "2024-02-29T12:00:00Z") == 730_900_800)
        #expect(PlistDate.seconds(fromISO8601: "2024-13-01T00:00:00Z") == nil)
    }
}
