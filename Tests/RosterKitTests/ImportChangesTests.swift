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
        #expect(changes.removed.isEmpty)
        #expect(changes.updated == [StudentEdit(before: ada, after: newerAda)])
        #expect(changes.unchangedCount == 1)
    }

    @Test("replacing removes the students the file leaves out and keeps the file's order")
    func replace() {
        let zara = Student(name: "Zara Ahmed", age: 12)
        let (roster, changes) = ImportChanges.applying([zara, ada], to: [ada, leo], replace: true)
        #expect(roster == [zara, ada])
        #expect(changes.removed == [leo])
        #expect(changes.added == [zara])
        #expect(changes.unchangedCount == 1)
        #expect(!changes.isEmpty)
        #expect(ImportChanges.applying([ada], to: [ada], replace: true).changes.isEmpty)
    }

    @Test("rows without ids match names ignoring case and accents, and the age")
    func duplicates() throws {
        let data = Data(
            "name,age\nADA LOVELACE,12\nAda Lovelace,13\nZoe Martin,11\nZoë  Martin,11\nzoë martin,11\n".utf8)
        let imported = try RosterImporter.read(data, format: .csv)
        let found = ProbableDuplicate.find(in: imported, roster: [ada])
        // A name is stored with its runs of spaces made one, so `Zoë  Martin` is `Zoe Martin` too.
        #expect(found.map(\.source.line) == [2, 5, 6])
        #expect(found[0].match == ada)
        #expect(found[0].matchSource == nil)
        #expect(found[1].matchSource?.line == 4 && found[2].matchSource?.line == 4)
        #expect(ProbableDuplicate.find(in: imported, roster: []).map(\.source.line) == [5, 6])
    }

    @Test("rows that carry ids are never probable duplicates")
    func idsAreTrusted() throws {
        let data = Data("id,name,age\n\(ada.id),Ada Lovelace,12\n".utf8)
        let imported = try RosterImporter.read(data, format: .csv)
        #expect(ProbableDuplicate.find(in: imported, roster: [ada]).isEmpty)
    }
}
