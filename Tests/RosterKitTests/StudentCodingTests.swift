import Foundation
import Testing

@testable import RosterKit

@Suite("Student coding")
struct StudentCodingTests {
    @Test("age decodes from an integer or from a string of digits")
    func ageAsIntegerOrString() throws {
        let id = UUID()
        let records: [[String: Any]] = [
            ["id": id.uuidString, "name": "Ana", "age": 17],
            ["id": id.uuidString, "name": "Ana", "age": "17"],
        ]
        for record in records {
            let data = try PropertyListSerialization.data(
                fromPropertyList: [record], format: .binary, options: 0)
            let students = try PropertyListDecoder().decode([Student].self, from: data)
            #expect(students == [Student(id: id, name: "Ana", age: 17)])
        }
    }

    @Test("an age that is not a whole number is kept as written", arguments: ["seventeen", "17.5", "", "-3"])
    func writtenAgeString(age: String) throws {
        let record: [String: Any] = ["id": UUID().uuidString, "name": "Ana", "age": age]
        let data = try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0)
        let student = try #require(try PropertyListDecoder().decode([Student].self, from: data).first)
        #expect(student.writtenAge == age)
        let again = try PropertyListSerialization.propertyList(
            from: PropertyListEncoder().encode([student]), format: nil)
        #expect((again as? [[String: Any]])?.first?["age"] as? String == age)
    }

    @Test("an age that is neither text nor a whole number is refused")
    func badAgeKind() throws {
        let record: [String: Any] = ["id": UUID().uuidString, "name": "Ana", "age": 17.5]
        let data = try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0)
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode([Student].self, from: data) }
    }

    @Test("absent grade and score are left out when encoding")
    func optionalsOmitted() throws {
        let data = try StorageHandler.prepareData([Student(name: "Ana", age: 17)])
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        let record = try #require((object as? [[String: Any]])?.first)
        #expect(Set(record.keys) == ["id", "name", "age"])
        #expect(record["age"] as? String == "17", "as text, as the iOS app stores it")
    }

    @Test("grade and score survive a round trip")
    func roundTrip() throws {
        let students = [Student(name: "Zoë", age: 12, grade: 7, score: 88.25), Student(name: "李华", age: 11)]
        let data = try StorageHandler.prepareData(students)
        #expect(try PropertyListDecoder().decode([Student].self, from: data) == students)
    }
}
