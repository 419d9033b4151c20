import Foundation
import Testing

@testable import RosterKit

/// The iOS app keeps the age in a free-text field: every age it can write is read, and what is no
/// whole number from 1 to 120 is kept as written (`Fixtures/ios-app-written-ages.plist`).
@Suite("Ages kept as written")
struct WrittenAgeTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The fixture's ages as the file holds them, by name.
    private static let written = [
        "Ana Souza": "17 ", "Ben Okafor": "twelve", "Chloé Martin": "12.0", "Dev Patel": "",
        "Eva Novák": "250",
        "Finn Berg": "13",
    ]

    /// The fixture, in binary as the app writes it or in XML.
    private func fixture(_ format: PropertyListSerialization.PropertyListFormat) throws -> URL {
        let data = try Fixtures.data("ios-app-written-ages.plist")
        let records = try PropertyListSerialization.propertyList(from: data, format: nil)
        let url = folder.file()
        try PropertyListSerialization.data(fromPropertyList: records, format: format, options: 0).write(
            to: url)
        return url
    }

    /// Each record's `age` as the file holds it, by name.
    private func storedAges(at url: URL) throws -> [String: String] {
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let records = try #require(object as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: records.map {
                ($0["name"] as? String ?? "?", $0["age"] as? String ?? "not text")
            })
    }

    @Test("every age the app can write is read, in binary and XML", arguments: [0, 1])
    func read(formatNumber: Int) throws {
        let url = try fixture(formatNumber == 0 ? .binary : .xml)
        let students = try StorageHandler.load(from: url)
        let byName = Dictionary(uniqueKeysWithValues: students.map { ($0.name, $0) })
        #expect(byName["Ana Souza"]?.age == 17)
        #expect(byName["Ana Souza"]?.writtenAge == nil)
        #expect(byName["Finn Berg"]?.age == 13)
        for name in ["Ben Okafor", "Chloé Martin", "Dev Patel", "Eva Novák"] {
            #expect(byName[name]?.writtenAge == Self.written[name], "\(name)")
            #expect(byName[name]?.age == 0, "\(name)")
            #expect(byName[name]?.ageText == Self.written[name], "\(name)")
        }
    }

    @Test("a change to other students, an add and a removal write every written age back unchanged")
    func writtenBack() throws {
        let url = try fixture(.binary)
        let ana = try #require(try StorageHandler.load(from: url).first { $0.name == "Ana Souza" })
        try StorageHandler.update(at: url) { students in
            students[0].note = "front row"
        }
        try StorageHandler.write(Student(name: "Gus Hay", age: 11), to: url)
        try StorageHandler.update(at: url) { students in students.removeAll { $0.id == ana.id } }
        let ages = try storedAges(at: url)
        for name in ["Ben Okafor", "Chloé Martin", "Dev Patel", "Eva Novák"] {
            #expect(ages[name] == Self.written[name], "\(name): \(ages)")
        }
        #expect(ages["Gus Hay"] == "11")
        #expect(ages["Finn Berg"] == "13")
    }

    @Test("giving a student an age drops the text kept as written")
    func newAge() throws {
        let url = try fixture(.binary)
        try StorageHandler.update(at: url) { students in
            for index in students.indices where students[index].name == "Ben Okafor" {
                students[index].age = 12
            }
        }
        let ben = try #require(try StorageHandler.load(from: url).first { $0.name == "Ben Okafor" })
        #expect(ben.age == 12)
        #expect(ben.writtenAge == nil)
        #expect(try storedAges(at: url)["Ben Okafor"] == "12")
    }

    @Test("Codable keeps an age as written, through a property list and through JSON")
    func codable() throws {
        let students = try StorageHandler.load(from: try fixture(.binary))
        let json = try JSONDecoder().decode([Student].self, from: JSONEncoder().encode(students))
        #expect(json == students)
        let plist = try PropertyListDecoder().decode(
            [Student].self, from: StorageHandler.prepareData(students))
        #expect(plist == students)
        #expect(plist.compactMap(\.writtenAge).sorted() == ["", "12.0", "250", "twelve"])
    }

    @Test("age statistics, age filters and the age order leave out what is not a number")
    func figures() throws {
        let students = try StorageHandler.load(from: try fixture(.binary))
        let statistics = RosterStatistics(students)
        #expect(statistics.writtenAgeCount == 4)
        #expect(statistics.minimumAge == 13)
        #expect(statistics.maximumAge == 17)
        let young = StudentFilter(maximumAge: 15).apply(to: students, in: Array(students.indices))
        #expect(young.map { students[$0].name } == ["Finn Berg"])
        let order = RosterSorter.sortedIndices(students, by: .age, reversed: false)
        #expect(order.prefix(2).map { students[$0].name } == ["Finn Berg", "Ana Souza"])
        #expect(order.suffix(4).allSatisfy { students[$0].writtenAge != nil })
    }
}
