import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Ids a spreadsheet took for numbers and saved back changed are refused by row, with the way to
/// keep them as text, and nothing is imported.
@Suite("Ids a spreadsheet changed")
struct SpreadsheetDamageTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    @Test(
        "a school id in scientific notation, cut to 15 digits or given a .0 is refused by row",
        arguments: [
            ("1.00E+05", "scientific notation"), ("1.23456789012346E+019", "scientific notation"),
            ("1E+05", "scientific notation"), ("1234.0", "a decimal point and zeros"),
            ("12345678901234500000", "more than 15 digits"),
        ])
    func damagedSchoolID(id: String, reason: String) throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        try Data("name,age,school id\nAda Lovelace,12,S1\nBo Chen,12,\(id)\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("class.csv:3: The school id '\(id)' "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains(reason) && result.errorOutput.contains("set to Text"))
        #expect(try StorageHandler.load(from: sandbox.file).isEmpty)
    }

    @Test("ids that only look like numbers are kept as written", arguments: ["1E5", "007", "1.5", "2E-3A"])
    func plainIDs(id: String) throws {
        let file = sandbox.folder.appendingPathComponent("class.csv")
        try Data("name,age,school id\nBo Chen,12,\(id)\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.schoolID) == [id])
    }

    @Test("a marks file whose SIS User ID a spreadsheet changed is refused by row")
    func damagedMarksFile() throws {
        _ = try sandbox.add("Ada Lovelace", age: 12, ["--school-id", "100000"])
        let file = sandbox.folder.appendingPathComponent("marks.csv")
        try Data("Student,SIS User ID,Quiz 1\nPoints Possible,,10\n\"Lovelace, Ada\",1.00E+05,8\n".utf8)
            .write(to: file)
        let result = sandbox.run(["import", file.path, "--marks"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("The school id '1.00E+05' is written in scientific notation"))
        #expect(try StorageHandler.loadMarkbook(from: sandbox.file).markbook.assessments.isEmpty)
    }
}
