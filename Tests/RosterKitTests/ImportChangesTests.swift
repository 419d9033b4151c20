import Foundation
import Testing

@testable import RosterKit

@Suite("ImportChanges and ProbableDuplicate")
struct ImportChangesTests {
    let ada = Student(name: "Ada Lovelace", age: 12, score: 7.5)
    let leo = Student(name: "Leo Martin", age: 13)

    @Test("merging updates students in place, adds new ones at the end and removes none")
    func merge() {
        var newerAda = ada
        newerAda.score = 8
        let zara = Student(name: "Zara Ahmed", age: 12)
        let (roster, changes) = ImportChanges.applying(
            [zara, newerAda, leo], to: [ada, leo], replace: false)
        #expect(roster == [newerAda, leo, zara])
        #expect(changes.added == [zara])
        #expect(changes.leaving.isEmpty)
        #expect(changes.updated == [StudentEdit(before: ada, after: newerAda)])
        #expect(changes.unchangedCount == 1)
    }

    @Test("replacing keeps the file's order, and the students it leaves out as leavers, never erased")
    func replace() {
        let zara = Student(name: "Zara Ahmed", age: 12)
        let (roster, changes) = ImportChanges.applying([zara, ada], to: [ada, leo], replace: true)
        var leaver = leo
        leaver.left = SchoolDay.today()
        #expect(roster == [zara, ada, leaver])
        #expect(changes.leaving == [leaver])
        #expect(changes.added == [zara])
        #expect(changes.unchangedCount == 1)
        #expect(!changes.isEmpty)
        #expect(ImportChanges.applying([ada], to: [ada], replace: true).changes.isEmpty)
    }

    @Test("a row without an id is the one student with its name and age, ignoring case and accents")
    func matchesByName() throws {
        let data = Data(
            "name,age\nADA LOVELACE,12\nAda Lovelace,13\nZoe Martin,11\nZoë  Martin,11\nzoë martin,11\n".utf8)
        let imported = try RosterImporter.read(data, format: .csv)
        let matching = ImportMatching(imported, roster: [ada])
        #expect(matching.students(of: [ada])[0].id == ada.id)
        #expect(matching.students(of: [ada])[1].id != ada.id)
        // A name is stored with its runs of spaces made one, so `Zoë  Martin` is `Zoe Martin` too.
        // Ada Lovelace at 13 has Ada's name at another age: a probable duplicate of her.
        #expect(matching.duplicates.map(\.source.line) == [3, 5, 6])
        #expect(matching.duplicates[0].match == ada && matching.duplicates[0].matchSource == nil)
        #expect(matching.duplicates.dropFirst().allSatisfy { $0.matchSource?.line == 4 })
        let (_, changes) = ImportChanges.planned(imported, onto: [ada], replace: true)
        #expect(changes.leaving.isEmpty && !changes.added.contains { $0.id == ada.id })
    }

    @Test("a row that fits two students, or a student another row took, is a probable duplicate")
    func ambiguous() throws {
        let twin = Student(name: "Ada Lovelace", age: 12)
        let imported = try RosterImporter.read(Data("name,age\nAda Lovelace,12\n".utf8), format: .csv)
        let matching = ImportMatching(imported, roster: [ada, twin])
        #expect(matching.duplicates.map(\.source.line) == [2])
        #expect(matching.duplicates.first?.matchSource == nil)
        let twice = try RosterImporter.read(
            Data("name,age\nAda Lovelace,12\nada lovelace,12\n".utf8), format: .csv)
        let taken = ImportMatching(twice, roster: [ada])
        #expect(taken.students(of: [ada])[0].id == ada.id)
        #expect(taken.duplicates.map(\.source.line) == [3])
    }

    @Test("a school id matches before a name, and a student's register, note and parts are kept")
    func matchesBySchoolID() throws {
        var kept = ada
        kept.schoolID = "0012"
        kept.note = "sits at the front"
        kept.attendance[try #require(Lesson(key: "2026-11-02"))] = AttendanceEntry(.absent)
        let other = Student(name: "Ada Lovelace", age: 12, schoolID: "0013")
        let data = Data("school_id,name,age\n0013,A. Lovelace,12\n0012,Ada King,12\n".utf8)
        let imported = try RosterImporter.read(data, format: .csv)
        let (roster, changes) = ImportChanges.planned(imported, onto: [kept, other], replace: true)
        #expect(changes.added.isEmpty && changes.leaving.isEmpty && changes.updated.count == 2)
        #expect(roster.map(\.id) == [other.id, kept.id])
        #expect(roster[1].note == "sits at the front" && roster[1].attendance.count == 1)
        #expect(roster[1].name == "Ada King")
    }

    @Test("rows that carry ids are never probable duplicates, and take the students they name first")
    func idsAreTrusted() throws {
        let data = Data("id,name,age\n,Ada Lovelace,12\n\(ada.id),Ada Lovelace,12\n".utf8)
        let imported = try RosterImporter.read(data, format: .csv)
        let matching = ImportMatching(imported, roster: [ada])
        #expect(matching.students(of: [ada])[1].id == ada.id)
        #expect(matching.duplicates.map(\.source.line) == [2])
    }

    @Test(
        "rows in the roster's order match as by the table, the first student of a school id given twice too")
    func matchesInPlace() throws {
        let students = (1...4).map { Student(name: "Student \($0)", age: 12, schoolID: "S\($0)") }
        // A roster edited by hand may give a school id twice; the first student with it is matched.
        let twin = Student(name: "Student 2 again", age: 12, schoolID: "S2")
        let roster = [students[0], students[1], students[2], twin, students[3]]
        let file = "school_id,name,age\nS1,Student 1,12\nS3,Student 3,13\nS2,Student 2,12\nS4,Student 4,12\n"
        let imported = try RosterImporter.read(Data(file.utf8), format: .csv)
        let matching = ImportMatching(imported, roster: roster)
        #expect(matching.matches.map { $0?.index } == [0, 2, 1, 4])
        let inOrder = try RosterImporter.read(
            Data("school_id,name,age\nS1,Student 1,12\nS2,Student 2,13\nS3,Student 3,12\n".utf8), format: .csv
        )
        #expect(
            ImportMatching(inOrder, roster: [students[0], twin, students[1], students[2]]).matches.map {
                $0?.index
            } == [0, 1, 3])
        #expect(ImportMatching(inOrder, roster: roster).matches.map { $0?.index } == [0, 1, 2])
        let (updated, changes) = ImportChanges.planned(inOrder, onto: roster, replace: false)
        #expect(changes.updated.map(\.before.id) == [students[1].id] && changes.unchangedCount == 2)
        #expect(updated[1].age == 13 && updated[3] == twin && updated.count == roster.count)
    }

    @Test("a row leaves its student as they are exactly when bringing them up to date changes nothing")
    func leavesAsTheyAre() throws {
        var generator = SeededRandom(seed: 24)
        let lessons = try ["2026-11-23", "2026-11-24/2"].map { try #require(Lesson(key: $0)) }
        var before = Student(name: "Ada Lovelace", age: 12, schoolID: "0012", firstName: "Ada", note: "front")
        before.attendance[lessons[0]] = AttendanceEntry(.absent)
        before.otherFields = [PlistEntry(key: "nickname", value: .string("Ada"))]
        var rows: [Student] = []
        for _ in 0..<400 {
            var row = before
            row.id = UUID()
            let change = Int.random(in: 0..<10, using: &generator)
            if change == 1 { row.score = 50 }
            if change == 2 { row.name = "ADA LOVELACE" }
            if change == 3 { row.note = nil }
            if change == 4 { row.note = "back" }
            if change == 5 { row.attendance = [lessons[1]: AttendanceEntry(.late)] }
            if change == 6 { row.attendance = [lessons[0]: AttendanceEntry(.absent)] }
            if change == 7 { row.otherFields = [] }
            if change == 8 { row.otherFields = [PlistEntry(key: "nickname", value: .string("Lady"))] }
            if change == 9 { (row.schoolID, row.firstName) = (nil, nil) }
            rows.append(row)
        }
        for row in rows {
            for keepingName in [false, true] {
                let updated = ImportChanges.updating(before, from: row, keepingName: keepingName)
                #expect(row.leaves(before, keepingName: keepingName) == (updated == before))
            }
        }
        #expect(rows.contains { $0.leaves(before, keepingName: false) })
        #expect(rows.contains { !$0.leaves(before, keepingName: false) })
    }

    @Test(
        "into an empty roster, a row without a school id that repeats an earlier row is a probable duplicate")
    func duplicatesIntoEmptyRoster() throws {
        let repeated = try RosterImporter.read(
            Data("name,age\nAda Lovelace,12\nADA LOVELACE,12\n".utf8), format: .csv)
        #expect(ImportMatching(repeated, roster: []).duplicates.map(\.source.line) == [3])
        let twins = try RosterImporter.read(
            Data("school_id,name,age\n0012,Ada Lovelace,12\n0013,Ada Lovelace,12\n".utf8), format: .csv)
        #expect(ImportMatching(twins, roster: []).duplicates.isEmpty)
        #expect(ImportMatching(twins, roster: [ada]).duplicates.map(\.source.line) == [3])
    }
}
