import Foundation
import Testing

@testable import RosterKit

@Suite("OneRoster exports")
struct OneRosterTests {
    let day: SchoolDay

    init() throws {
        day = try #require(SchoolDay("2026-12-01"))
    }

    private func read(_ version: String, _ options: (inout OneRosterImport.Options) -> Void = { _ in }) throws
        -> RosterImporter.Result
    {
        var chosen = OneRosterImport.Options(today: day, allClasses: true)
        options(&chosen)
        return try OneRosterImport.read(folder: Fixtures.url("oneroster/\(version)"), options: chosen)
    }

    @Test("1.1: students by the role column, ages from birthDate, grades KG to 13, deleted rows left out")
    func version11() throws {
        let result = try read("v1.1") { $0.defaultAge = 10 }
        #expect(result.students.map(\.name) == ["Ada Lovelace", "Alan Turing", "Zoë Martin", "Leo Martin"])
        #expect(result.students.map(\.age) == [12, 13, 5, 10])
        #expect(result.students.map(\.grade) == [7, 7, 0, nil])
        #expect(result.sources.map(\.line) == [3, 4, 5, 6])
        #expect(result.sources.allSatisfy { $0.hasFileID })
        #expect(result.students[0].id == OneRosterImport.id(for: "s-201"))
        // The school's identifier is the school id people search by; the id comes from the sourcedId.
        #expect(result.students[0].schoolID == "S201")
        #expect(throws: OneRosterClassesError(classes: ["MATH7-A (Math 7)", "SCI8-B (Science)"])) {
            try read("v1.1") { $0.allClasses = false }
        }
    }

    @Test("1.2: students by roles.csv, named by preferredGivenName, UUID sourcedIds kept as ids")
    func version12() throws {
        let result = try read("v1.2")
        #expect(result.students.map(\.name) == ["Jon Smith", "Mia Müller", "Aisha Khan"])
        #expect(result.students.map(\.age) == [15, 18, 6])
        #expect(result.students.map(\.grade) == [9, 13, 1])
        #expect(result.students[0].id.uuidString == "0E3A1C52-6F1B-4C8E-A7B5-3D2F9E8C1A40")
    }

    @Test("the same sourcedId always gives the same id, and different ones differ")
    func stableIDs() {
        #expect(OneRosterImport.id(for: "s-201") == OneRosterImport.id(for: "s-201"))
        #expect(OneRosterImport.id(for: "s-201") != OneRosterImport.id(for: "s-202"))
    }

    @Test("--from-class takes one class's enrolled students by classCode or title, not deleted enrollments")
    func oneClass() throws {
        #expect(
            try read("v1.1") { $0.className = "math 7" }.students.map(\.name) == [
                "Ada Lovelace", "Alan Turing",
            ])
        let science = try read("v1.1") { ($0.className, $0.defaultAge) = ("SCI8-B", 11) }
        #expect(science.students.map(\.name) == ["Zoë Martin", "Leo Martin"])
        #expect(throws: ImportError.self) { try read("v1.1") { $0.className = "Art" } }
    }

    @Test("students without a birth date stop the import, each named with its line, unless an age is given")
    func missingAges() throws {
        let error = try #require(throws: OneRosterAgeError.self) { try read("v1.1") }
        #expect(error.students.map(\.line) == [6])
        #expect(error.students.map(\.file) == ["users.csv"])
        #expect(error.students[0].message.contains("Leo Martin"))
    }

    @Test("ages count whole years: not yet had this year's birthday is a year less")
    func ages() throws {
        #expect(OneRosterImport.age(bornOn: "2014-12-01", on: day) == 12)
        #expect(OneRosterImport.age(bornOn: "2014-12-02", on: day) == 11)
        #expect(OneRosterImport.age(bornOn: "2008-02-29", on: day) == 18)
        #expect(OneRosterImport.age(bornOn: "2027-01-01", on: day) == nil)
        #expect(OneRosterImport.age(bornOn: "someday", on: day) == nil)
    }

    @Test("grade codes", arguments: [("KG", 0), ("01", 1), ("09", 9), ("13", 13), ("07,08", 7)])
    func grades(code: String, grade: Int) {
        #expect(OneRosterImport.grade(code) == grade)
    }

    @Test(
        "codes that are not grades 0 to 13 give no grade",
        arguments: ["PK", "IT", "UG", "Other", "14", "7", ""])
    func notGrades(code: String) {
        #expect(OneRosterImport.grade(code) == nil)
    }

    @Test("a users.csv without the name columns is refused at its header, naming them")
    func missingRequiredColumns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("sourcedId,role,firstName,lastName\ns-1,student,Ada,Lovelace\n".utf8)
            .write(to: folder.appendingPathComponent("users.csv"))
        let error = try #require(throws: ImportError.self) {
            try OneRosterImport.read(
                folder: folder, options: OneRosterImport.Options(today: day, defaultAge: 12, allClasses: true)
            )
        }
        #expect(
            error.problems.map(\.description) == [
                "users.csv:1: The header needs the columns sourcedId, givenName and familyName."
            ])
    }

    @Test("manifest.csv notes a version other than 1.1 and 1.2, and a users.csv of changes only")
    func manifestNotes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.url("oneroster/v1.2"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try OneRosterImport.read(folder: folder, options: .init(today: day)).notes.isEmpty)
        try Data("propertyName,value\noneroster.version,1.0\nfile.users,delta\n".utf8)
            .write(to: folder.appendingPathComponent("manifest.csv"))
        let notes = try OneRosterImport.read(folder: folder, options: .init(today: day)).notes
        #expect(notes.count == 2)
        #expect(notes.first?.contains("OneRoster 1.0") == true)
        #expect(notes.last?.contains("delta") == true)
    }

    @Test(
        "a table read for some columns leaves the others empty, and counts lines through their quoted breaks")
    func keptColumns() throws {
        let folder = try TemporaryFolder()
        var text = Data("sourcedId,email,givenName,notes\n".utf8)
        text += Data("u-1,ada@example.org,Ada,\"two\nlines\"\nu-2,\"alan\"\"s\",Alan,\n".utf8)
        text += Data([0x75, 0x2D, 0x33, 0x2C, 0xE9, 0x2C, 0x47, 0x72, 0x61, 0x63, 0x65, 0x2C, 0x0A])
        try text.write(to: folder.file("users.csv"))
        let table = try #require(
            try OneRosterTable("users.csv", in: folder.url, keeping: ["sourcedId", "givenName"]))
        let (id, given) = (table.column("sourcedId"), table.column("givenName"))
        #expect(table.records.map { table.value($0, id) } == ["u-1", "u-2", "u-3"])
        #expect(table.records.map { table.value($0, given) } == ["Ada", "Alan", "Grace"])
        #expect(table.records.map(\.line) == [2, 4, 5])
        #expect(table.records.allSatisfy { $0.fields[1].isEmpty && $0.fields[3].isEmpty })
        #expect(table.column("email") == 1)
        // A byte that is not UTF-8 in a column read is refused, naming its line.
        #expect(throws: ImportError.self) { try OneRosterTable("users.csv", in: folder.url) }
    }

    @Test(
        "birth dates are found on the users' own rows when demographics.csv lists them in order, else by sourcedId"
    )
    func birthDatesInOrder() throws {
        let folder = try TemporaryFolder()
        try Data("sourcedId,givenName\nu-1,Ada\nu-2,Alan\nu-3,Grace\n".utf8).write(
            to: folder.file("users.csv"))
        let users = try #require(try OneRosterTable("users.csv", in: folder.url))
        let demographics = [
            "sourcedId,birthDate\nu-1,2014-03-15\nu-2,\nu-3,2013-06-23\n",
            "sourcedId,birthDate\nu-3,2013-06-23\nu-1,2014-03-15\n",
            "sourcedId,birthDate\nu-1,\nu-2,\nu-3,\n",
        ]
        var found: [[String?]] = []
        for text in demographics {
            try Data(text.utf8).write(to: folder.file("demographics.csv"))
            let births = OneRosterBirthDates(
                try OneRosterTable("demographics.csv", in: folder.url), users: users)
            found.append(["u-1", "u-2", "u-3"].enumerated().map { births.date(onRow: $0, sourcedID: $1) })
            #expect(births.isEmpty == (text == demographics[2]))
        }
        #expect(found[0] == ["2014-03-15", nil, "2013-06-23"] && found[1] == found[0])
        #expect(found[2] == [nil, nil, nil])
        #expect(OneRosterBirthDates(nil, users: users).isEmpty)
    }
}
