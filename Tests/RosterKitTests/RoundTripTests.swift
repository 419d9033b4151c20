import Foundation
import Testing

@testable import RosterKit

/// A roster sent out through each export format and read back into an empty roster loses nothing
/// the format can hold; spreadsheets' own columns for the school's id, the name's parts, a note
/// and a birth date are read as those fields.
@Suite("Round trips that lose nothing")
struct RoundTripTests {
    /// One roster with every field roster keeps, in several scripts, with registers and reasons.
    static func fullRoster() throws -> [Student] {
        let monday = try #require(Lesson(key: "2026-11-30"))
        let second = try #require(Lesson(key: "2026-11-30/2"))
        var ada = Student(name: "Ada Lovelace", age: 12, grade: 7, score: 91.5)
        ada.schoolID = "0012"
        (ada.firstName, ada.lastName, ada.note) = ("Ada", "Lovelace", "peanut allergy, sits \"front\"")
        ada.attendance = [
            monday: AttendanceEntry(.absent, reason: "dentist; back at 11"), second: AttendanceEntry(.late),
        ]
        var zoe = Student(name: "Zoë Martin", age: 11, score: 7.25)
        zoe.schoolID = "=1+2"
        zoe.note = "Brille – vorne"
        zoe.attendance = [monday: AttendanceEntry(.present), second: AttendanceEntry(.excused, reason: "病気")]
        var li = Student(name: "李华", age: 13, grade: 8)
        (li.firstName, li.lastName) = ("华", "李")
        // Other apps' keys, of every kind JSON holds, in key order as a JSON import gives them.
        ada.otherFields = [
            PlistEntry(key: "house", value: .dictionary([PlistEntry(key: "name", value: .string("Curie"))])),
            PlistEntry(key: "joined", value: .string("2026-09-01")),
            PlistEntry(key: "nickname", value: .string("Countess")),
            PlistEntry(key: "tags", value: .array([.string("maths"), .integer(1), .bool(true), .real(2.5)])),
        ]
        let plain = Student(name: "Jo O'Brien", age: 10)
        return [ada, zoe, li, plain]
    }

    @Test("a plist export keeps other apps' dates and data as they are")
    func plistKinds() throws {
        var student = Student(name: "Ada Lovelace", age: 12)
        student.otherFields = [
            PlistEntry(key: "joined", value: .date(810_000_000)),
            PlistEntry(key: "photo", value: .data([0, 1, 2])),
        ]
        let imported = try RosterImporter.read(
            try InterchangeFormat.plist.data(for: [student]), format: .plist)
        #expect(imported.students == [student])
    }

    @Test(
        "JSON and plist exports read back as the very same students, registers, parts and notes included",
        arguments: [InterchangeFormat.json, .plist])
    func wholeFormats(format: InterchangeFormat) throws {
        let roster = try Self.fullRoster()
        let exported = try format.data(for: roster)
        let imported = try RosterImporter.read(exported, format: format)
        #expect(imported.students == roster)
        let (result, changes) = ImportChanges.planned(imported, onto: [], replace: false)
        #expect(result == roster && changes.added.count == roster.count)
    }

    @Test(
        "a CSV export reads back with every flat field: id, school id, name, parts, age, grade, score, note")
    func csv() throws {
        let roster = try Self.fullRoster()
        let exported = try InterchangeFormat.csv.data(for: roster)
        let header = String(decoding: exported.prefix { $0 != 0x0D }, as: UTF8.self)
        #expect(header == "id,school_id,name,first_name,last_name,age,grade,score,note")
        let imported = try RosterImporter.read(exported, format: .csv).students
        var flat = roster
        for index in flat.indices { (flat[index].attendance, flat[index].otherFields) = ([:], []) }
        #expect(imported == flat)
        // The register stays on the roster: importing the CSV back changes nobody.
        let (result, changes) = ImportChanges.planned(
            try RosterImporter.read(exported, format: .csv), onto: roster, replace: true)
        #expect(result == roster && changes.isEmpty)
    }

    @Test(
        "spreadsheet columns for the school's id, a note and a birth date; an id that is not a UUID is the school's"
    )
    func spreadsheetColumns() throws {
        let today = SchoolDay.today()
        let year = Int(today.text.prefix(4)) ?? 2026
        let born = "\(year - 12)-01-01"
        let text = """
            Student Number\tForename\tSurname\tDOB\tNotes
            0012\tAda\tLovelace\t\(born)\tfront row
            0013\tAlan\tTuring\t01.01.\(year - 11)\t

            """
        let students = try RosterImporter.read(Data(text.utf8), format: .csv).students
        #expect(students.map(\.schoolID) == ["0012", "0013"])
        #expect(students.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        #expect(students[0].firstName == "Ada" && students[0].lastName == "Lovelace")
        #expect(students.map(\.age) == [12, 11])
        #expect(students[0].note == "front row" && students[1].note == nil)
        let ids = try RosterImporter.read(Data("id,name,age\n0012,Ada,12\nS-7,Alan,12\n".utf8), format: .csv)
        #expect(ids.students.map(\.schoolID) == ["0012", "S-7"])
        #expect(ids.sources.allSatisfy { !$0.hasFileID })
        let typo = "id,name,age\n6F9619FF-8B86-D011-B42D-00C04FC964F,Ada,12\n"
        #expect(throws: ImportError.self) { try RosterImporter.read(Data(typo.utf8), format: .csv) }
        // 30/09 can only be day first; 09/30 only month first, and a file with both is refused.
        let slashed = try RosterImporter.read(Data("name,birth date\nAda,30/09/2014\n".utf8), format: .csv)
        #expect(
            slashed.students.first?.age
                == SchoolDay.today().years(since: try #require(SchoolDay("2014-09-30"))))
        do {
            _ = try RosterImporter.read(
                Data("name,birth date\nAda,30/09/2014\nAl,09/30/2014\n".utf8), format: .csv)
            Issue.record("birth dates in both orders were accepted")
        } catch {
            #expect(error.dateOrder == .bothOrders(dayFirst: "30/09/2014", monthFirst: "09/30/2014"))
        }
        do {
            _ = try RosterImporter.read(Data("name,birth date\nAda,2014/09/30\n".utf8), format: .csv)
            Issue.record("a birth date roster cannot read was accepted")
        } catch {
            let message = error.problems.first?.message ?? ""
            #expect(
                message.contains("The date of birth '2014/09/30' is not a date such as 2014-09-30"),
                "\(message)")
        }
        let twice = "school_id,name,age\n0012,Ada,12\n0012,Alan,12\n"
        #expect(throws: ImportError.self) { try RosterImporter.read(Data(twice.utf8), format: .csv) }
        // Ids in rising order are each given once; out of order, a table finds the one given twice.
        let rising = "school_id,name,age\n0012,Ada,12\n0013,Alan,12\n,Grace,12\n0014,Zoë,11\n"
        #expect(try RosterImporter.read(Data(rising.utf8), format: .csv).students.count == 4)
        let apart = "school_id,name,age\n0012,Ada,12\n0014,Alan,12\n0012,Grace,12\n"
        #expect(throws: ImportError.self) { try RosterImporter.read(Data(apart.utf8), format: .csv) }
    }
}
