import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("import of a OneRoster export folder")
struct OneRosterCommandTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    /// A copy of a fixture export that a test can change.
    private func export(_ version: String) throws -> URL {
        let copy = sandbox.folder.appendingPathComponent("export-\(version)")
        try FileManager.default.copyItem(
            at: ImportExportCommandTests.fixtures.appendingPathComponent("oneroster/\(version)"), to: copy)
        return copy
    }

    @Test("a later export of the same school updates its students instead of doubling them")
    func reimport() throws {
        let folder = try export("v1.1")
        let first = sandbox.run(["import", folder.path, "--all-classes", "--age", "10"])
        #expect(first.status == 0)
        #expect(
            first.output.hasPrefix(
                "Imported 4 students from \(folder.path): 4 added, 0 changed, 0 unchanged."))
        let users = folder.appendingPathComponent("users.csv")
        let later = try String(contentsOf: users, encoding: .utf8).replacingOccurrences(
            of: ",Ada,", with: ",Ava,")
        try later.write(to: users, atomically: true, encoding: .utf8)
        let second = sandbox.run(["import", folder.path, "--all-classes", "--age", "10"])
        #expect(
            second.output.contains(
                ": 0 added, 1 changed, 3 unchanged.\nChanged:\n  Ada Lovelace: name Ada Lovelace -> Ava Lovelace, first name Ada -> Ava\n"
            ))
        #expect(try StorageHandler.load(from: sandbox.file).count == 4)
    }

    @Test(
        "OneRoster students keep the school's identifier as their school id, and the name's parts; show finds it"
    )
    func schoolIDs() throws {
        let folder = try export("v1.1")
        #expect(sandbox.run(["import", folder.path, "--all-classes", "--age", "10"]).status == 0)
        let students = try StorageHandler.load(from: sandbox.file)
        let ada = try #require(students.first { $0.name == "Ada Lovelace" })
        let sourcedID = try #require(ada.schoolID)
        #expect(sourcedID == "S201")
        #expect(ada.firstName == "Ada" && ada.lastName == "Lovelace")
        #expect(sandbox.run(["show", sourcedID]).output.contains("Ada Lovelace"))
        let csv = sandbox.run(["export", "--format", "csv"]).output
        #expect(
            csv.hasPrefix(
                "id,school_id,name,first_name,last_name,age,grade,score,guardian,guardian_email\r\n"))
        #expect(csv.contains(",\(sourcedID),Ada Lovelace,Ada,Lovelace,"))
    }

    @Test("a delta export is refused with --replace, and nothing is written")
    func deltaReplace() throws {
        let folder = try export("v1.1")
        #expect(sandbox.run(["import", folder.path, "--all-classes", "--age", "10"]).status == 0)
        let manifest = folder.appendingPathComponent("manifest.csv")
        let delta = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: "file.users,bulk", with: "file.users,delta")
        try delta.write(to: manifest, atomically: true, encoding: .utf8)
        let before = sandbox.bytes()
        for arguments in [["--replace"], ["--replace", "--dry-run"]] {
            let refused = sandbox.run(["import", folder.path, "--all-classes", "--age", "10"] + arguments)
            #expect(refused.status == 64)
            #expect(
                refused.errorLine.hasPrefix("Error: The export holds only the changes since the last one"))
        }
        #expect(sandbox.bytes() == before)
        #expect(sandbox.run(["import", folder.path, "--all-classes", "--age", "10"]).status == 0)
    }

    @Test("students without a birth date are listed as folder/users.csv:line: and nothing is written")
    func missingAges() throws {
        let folder = try export("v1.1")
        let result = sandbox.run(["import", folder.path, "--all-classes"])
        #expect(result.status == 1)
        #expect(
            result.errorOutput.hasPrefix(
                "\(folder.path)/users.csv:6: Leo Martin (sourcedId s-204) has no birth date.\n"))
        #expect(result.errorOutput.contains("\nError: Nothing was imported: 1 student has no birth date"))
        #expect(result.errorOutput.contains("--age <years>"))
        #expect(sandbox.bytes() == nil)
    }

    @Test(
        "an export of several classes is refused without --from-class, naming them; --all-classes takes them all"
    )
    func severalClasses() throws {
        let folder = try export("v1.1")
        let refused = sandbox.run(["import", folder.path, "--age", "10"])
        #expect(refused.status == 64)
        #expect(
            refused.errorLine
                == "Error: The export holds 2 classes: MATH7-A (Math 7), SCI8-B (Science). Give --from-class "
                + "<classCode>, or --all-classes to import every class's students.", "\(refused.errorLine)")
        #expect(sandbox.bytes() == nil)
        #expect(
            sandbox.run(["import", folder.path, "--from-class", "MATH7-A", "--all-classes"]).status == 64)
        #expect(sandbox.run(["import", folder.path, "--all-classes", "--age", "10"]).status == 0)
    }

    @Test("a student's parent in users.csv, by agentSourcedIds on either side, becomes their guardian")
    func guardians() throws {
        let folder = try export("v1.1")
        let users = folder.appendingPathComponent("users.csv")
        let text = try String(contentsOf: users, encoding: .utf8)
        try text.replacingOccurrences(of: "P300,,,,s-201", with: "P300,lee@example.org,,,s-201")
            .write(to: users, atomically: true, encoding: .utf8)
        #expect(sandbox.run(["import", folder.path, "--all-classes", "--age", "10"]).status == 0)
        let students = try StorageHandler.load(from: sandbox.file)
        let ada = try #require(students.first { $0.name == "Ada Lovelace" })
        #expect(ada.guardianName == "Lee Lovelace" && ada.guardianEmail == "lee@example.org")
        #expect(students.filter { $0.guardianName != nil }.count == 1)
    }

    @Test("a missing optional column is a note, not a failure")
    func missingColumn() throws {
        let folder = try export("v1.2")
        let users = folder.appendingPathComponent("users.csv")
        let misspelt = try String(contentsOf: users, encoding: .utf8).replacingOccurrences(
            of: ",grades,", with: ",grade,")
        try misspelt.write(to: users, atomically: true, encoding: .utf8)
        let result = sandbox.run(["import", folder.path, "--from-class", "ENG9", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.errorOutput == "Note: users.csv has no grades column, so no student gets a grade.\n")
        #expect(result.output.contains("Added:\n  Jon Smith, age "))
        #expect(!result.output.contains("Aisha Khan"))
    }

    @Test("folders that are not exports, and OneRoster options on files, get one Error: line")
    func refusals() throws {
        let empty = sandbox.folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let notExport = sandbox.run(["import", empty.path])
        #expect(notExport.status == 1)
        #expect(notExport.errorLine.hasPrefix("Error: '\(empty.path)' is a folder without users.csv"))
        let file = sandbox.folder.appendingPathComponent("class.csv")
        try "name,age\nAda,12\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(sandbox.run(["import", file.path, "--from-class", "7A"]).status == 64)
        #expect(sandbox.run(["import", try export("v1.2").path, "--format", "csv"]).status == 64)
        let unknown = sandbox.run(["import", try export("v1.1").path, "--from-class", "Art", "--age", "9"])
        #expect(unknown.errorOutput.contains("classes.csv: No class has the classCode or title 'Art'."))
        #expect(sandbox.bytes() == nil)
    }
}
