import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// A OneRoster 1.2 gradebook folder: roster writes one (`grades --format oneroster`) and reads
/// one back or a school system's (`import DIR --marks`).
@Suite("OneRoster 1.2 gradebook")
struct OneRosterGradebookTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        _ = try sandbox.add("Ada Lovelace", age: 12, ["--school-id", "S1"])
        _ = try sandbox.add("Alan Turing", age: 12)
        _ = sandbox.run(["category", "set", "Quizzes", "--weight", "40"])
        _ = sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10", "--category", "Quizzes"])
        _ = sandbox.run(["assessment", "add", "Essay", "--out-of", "20", "--date", "2026-11-20"])
        #expect(sandbox.run(["mark", "quiz 1", "ada", "8", "alan", "ex"]).status == 0)
        #expect(sandbox.run(["mark", "essay", "alan", "missing"]).status == 0)
    }

    /// The rows of a CSV file in `folder`, split at commas (the files hold no quoted commas).
    func rows(_ name: String, in folder: URL) throws -> [[String]] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: ",") }
    }

    @Test("the four files with the 1.2 columns, each status, and sourcedIds stable across exports")
    func export() throws {
        let folder = sandbox.folder.appendingPathComponent("gradebook")
        let written = sandbox.run(["grades", "--format", "oneroster", "--output", folder.path])
        #expect(written.status == 0, "\(written.errorOutput)")
        let manifest = try rows("manifest.csv", in: folder)
        #expect(
            manifest.contains(["oneroster.version", "1.2"]) && manifest.contains(["file.results", "bulk"]))
        let items = try rows("lineItems.csv", in: folder)
        #expect(items.first?.contains("resultValueMax") == true && items.count == 3)
        #expect(items.dropFirst().map { $0[3] } == ["Quiz 1", "Essay"])
        let results = try rows("results.csv", in: folder)
        let status = try #require(results.first?.firstIndex(of: "scoreStatus"))
        let score = try #require(results.first?.firstIndex(of: "score"))
        let student = try #require(results.first?.firstIndex(of: "studentSourcedId"))
        let given = results.dropFirst().map { [$0[student], $0[status], $0[score]] }
        let alan = try StorageHandler.load(from: sandbox.file)[1].id.uuidString
        #expect(
            given == [["S1", "fully graded", "8"], [alan, "exempt", ""], [alan, "not submitted", ""]],
            "\(given)")
        let categories = try rows("categories.csv", in: folder)
        #expect(categories.dropFirst().map { [$0[3], $0[4]] } == [["Quizzes", "40"]])
        let first = try rows("results.csv", in: folder).map { $0[0] }
        #expect(sandbox.run(["grades", "--format", "oneroster", "--output", folder.path]).status == 0)
        #expect(try rows("results.csv", in: folder).map { $0[0] } == first)
        #expect(sandbox.run(["grades", "--format", "oneroster"]).status == 64)
    }

    @Test("roster's own gradebook imports back unchanged, even after a rename, and a school's by sourcedId")
    func importBack() throws {
        let folder = sandbox.folder.appendingPathComponent("gradebook")
        #expect(sandbox.run(["grades", "--format", "oneroster", "--output", folder.path]).status == 0)
        #expect(sandbox.run(["assessment", "rename", "Quiz 1", "Fractions"]).status == 0)
        let before = try StorageHandler.load(from: sandbox.file)
        let back = sandbox.run(["import", folder.path, "--marks"])
        #expect(back.status == 0, "\(back.errorOutput)")
        #expect(try StorageHandler.load(from: sandbox.file) == before)
        #expect(try StorageHandler.loadMarkbook(from: sandbox.file).markbook.assessments.count == 2)

        let school = sandbox.folder.appendingPathComponent("school")
        try FileManager.default.createDirectory(at: school, withIntermediateDirectories: true)
        try Data(
            """
            sourcedId,status,dateLastModified,title,classSourcedId,resultValueMax
            li-9,active,2026-12-01,Project,class-7,50

            """.utf8
        ).write(to: school.appendingPathComponent("lineItems.csv"))
        try Data(
            """
            sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score
            r1,active,2026-12-01,li-9,S1,fully graded,41
            r2,active,2026-12-01,li-9,S1,,

            """.utf8
        ).write(to: school.appendingPathComponent("results.csv"))
        let imported = sandbox.run(["import", school.path, "--marks"])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let (students, book) = try StorageHandler.loadMarkbook(from: sandbox.file)
        let project = try #require(book.assessments.first { $0.name == "Project" })
        #expect(project.outOf == Fraction(50))
        #expect(students[0].marks[project.id] == .points(Fraction(41)))
    }

    @Test("a school's folder of several classes needs --from-class, and a bad line item is named by line")
    func severalClassesAndBadItems() throws {
        let school = sandbox.folder.appendingPathComponent("school")
        try FileManager.default.createDirectory(at: school, withIntermediateDirectories: true)
        let items = school.appendingPathComponent("lineItems.csv")
        try Data("sourcedId,title,classSourcedId,resultValueMax\nli1,Quiz,c1,10\nli2,Quiz,c2,10\n".utf8)
            .write(to: items)
        try Data("sourcedId,lineItemSourcedId,studentSourcedId,score\nr1,li2,S1,7\n".utf8).write(
            to: school.appendingPathComponent("results.csv"))
        let several = sandbox.run(["import", school.path, "--marks"])
        #expect(several.status == 64)
        #expect(several.errorLine.contains("2 classes: c1, c2. Give --from-class"), "\(several.errorOutput)")
        let chosen = sandbox.run(["import", school.path, "--marks", "--from-class", "c2"])
        #expect(chosen.status == 0, "\(chosen.errorOutput)")
        try Data("sourcedId,title,classSourcedId,resultValueMax\nli3,Essay,c1,lots\n".utf8).write(to: items)
        let bad = sandbox.run(["import", school.path, "--marks"])
        #expect(bad.status == 1)
        #expect(bad.errorOutput.contains("lineItems.csv:2: a line item needs"), "\(bad.errorOutput)")
    }
}
