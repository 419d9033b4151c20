import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The office's lists as spreadsheets save them: school ids without their leading zeros, the
/// English schools' id columns, and files that carry fewer columns than the roster keeps.
@Suite("Imports from the office")
struct OfficeImportTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        try sandbox.add("Ines Costa", age: 12, ["--school-id", "00421", "--grade", "7", "--score", "77"])
        try sandbox.add("Isla Thompson", age: 12, ["--school-id", "A001", "--grade", "7", "--score", "64"])
        #expect(sandbox.run(["absent", "ines", "--date", "2026-11-30"]).status == 0)
    }

    private func importing(_ csv: String, _ options: [String] = []) throws -> RunResult {
        let file = sandbox.folder.appendingPathComponent("office-\(UUID()).csv")
        try Data(csv.utf8).write(to: file)
        return sandbox.run(["import", file.path] + options)
    }

    @Test("a school id saved through Excel (421 for 00421) is the same student, kept as first written")
    func leadingZeros() throws {
        let replaced = try importing(
            "student id,name,age\n421,Ines Costa,12\n a001 ,Isla Thompson,12\n", ["--replace"])
        #expect(replaced.status == 0, "\(replaced.errorOutput)")
        #expect(replaced.output.contains("0 added, 0 leaving"), "\(replaced.output)")
        let students = try StorageHandler.load(from: sandbox.file)
        let ines = try #require(students.first { $0.name == "Ines Costa" })
        #expect(students.count == 2 && ines.schoolID == "00421" && ines.attendance.count == 1)
        #expect(sandbox.run(["show", "421"]).output.contains("Ines Costa"))
        let taken = sandbox.run(["add", "Ines Other", "--age", "12", "--school-id", "0421"])
        #expect(taken.status != 0 && taken.errorLine.contains("Ines Costa"), "\(taken.errorOutput)")
    }

    @Test(
        "UPN, Adno, admission number, pupil number and SIS id columns are the school's id",
        arguments: [
            "UPN", "Adno", "Admission Number", "pupil number", "SIS ID",
        ])
    func idColumns(header: String) throws {
        let result = try importing("\(header),name,age\n00421,Ines Costa,13\n")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("0 added"), "\(result.output)")
        let ines = try #require(try StorageHandler.load(from: sandbox.file).first { $0.name == "Ines Costa" })
        #expect(ines.age == 13)
    }

    @Test("a column the file does not have, or a blank cell, changes nothing")
    func neverClears() throws {
        let narrow = try importing("student id,name,age\nA001,Isla Thompson,12\n")
        #expect(narrow.status == 0 && narrow.output.contains("0 changed"), "\(narrow.output)")
        let blank = try importing("student id,name,age,grade,score\nA001,Isla Thompson,12,,\n", ["--replace"])
        #expect(blank.status == 0 && !blank.output.contains("->"), "\(blank.output)")
        let isla = try #require(
            try StorageHandler.load(from: sandbox.file).first { $0.name == "Isla Thompson" })
        #expect(isla.grade == 7 && isla.score == 64)
    }

    @Test(
        "--blank-clears: a blank cell of a column the file has clears it; a column it lacks still changes nothing"
    )
    func blankClears() throws {
        let cleared = try importing(
            "student id,name,age,score\nA001,Isla Thompson,12,\n00421,Ines Costa,12,50\n", ["--blank-clears"])
        #expect(cleared.status == 0, "\(cleared.errorOutput)")
        #expect(cleared.output.contains("score 64 -> -"), "\(cleared.output)")
        let students = try StorageHandler.load(from: sandbox.file)
        let isla = try #require(students.first { $0.name == "Isla Thompson" })
        #expect(isla.score == nil && isla.grade == 7)
        #expect(students.first { $0.name == "Ines Costa" }?.score == 50)
    }

    @Test(
        "birth dates with slashes: the order the file's dates show, --date-order when they cannot, refused in both"
    )
    func slashedBirthDates() throws {
        let year = Int(SchoolDay.today().text.prefix(4)) ?? 2026
        let born = year - 12
        // 25/03 can only be day first, so 04/05 is the 4th of May.
        let dayFirst = try importing(
            "name,date of birth\nNew One,25/03/\(born)\nNew Two,04/05/\(born - 1)\n", ["--dry-run"])
        #expect(dayFirst.status == 0, "\(dayFirst.errorOutput)")
        #expect(dayFirst.output.contains("New One, age"), "\(dayFirst.output)")
        let unknown = try importing("name,date of birth\nNew One,03/04/\(born)\n")
        #expect(unknown.status == 64)
        #expect(
            unknown.errorLine.contains("such as 03/04/\(born), could be written day first or month first"))
        #expect(unknown.errorLine.contains("--date-order dmy"))
        let chosen = try importing("name,date of birth\nNew One,03/04/\(born)\n", ["--date-order", "mdy"])
        #expect(chosen.status == 0, "\(chosen.errorOutput)")
        let both = try importing("name,date of birth\nNew One,25/03/\(born)\nNew Two,03/25/\(born)\n")
        #expect(
            both.status == 64 && both.errorLine.contains("day first (25/03/\(born)) and others month first"))
    }

    @Test("the same problem on consecutive rows is one line naming the rows")
    func groupedProblems() throws {
        let rows = (0..<28).map { "Pupil \($0),twelve\n" }.joined()
        let refused = try importing("name,age\n" + rows)
        #expect(refused.status == 1)
        let lines = refused.errorOutput.split(separator: "\n")
        #expect(lines.count == 2, "\(refused.errorOutput)")
        #expect(lines[0].contains(":2-29: ") && lines[0].hasSuffix("(28 rows)"), "\(lines[0])")
    }

    @Test("--replace --date D: the students the file leaves out leave on D; --date alone is refused")
    func replaceOnADay() throws {
        let alone = try importing("student id,name,age\nA001,Isla Thompson,12\n", ["--date", "2026-11-20"])
        #expect(alone.status == 64 && alone.errorLine.contains("add --replace"), "\(alone.errorLine)")
        let replaced = try importing(
            "student id,name,age\nA001,Isla Thompson,12\n", ["--replace", "--date", "2026-11-20"])
        #expect(replaced.status == 0, "\(replaced.errorOutput)")
        let ines = try #require(try StorageHandler.load(from: sandbox.file).first { $0.name == "Ines Costa" })
        #expect(ines.left == SchoolDay("2026-11-20"))
    }
}

/// A row with a student's name but another age may be them: refused as a probable duplicate, as
/// `add` notes a namesake, unless `--allow-duplicates`.
@Suite("Namesakes in an import")
struct ImportNamesakeTests {
    @Test("Zoe Ward, 12 in the file with Zoe Ward, 11 on the roster is a probable duplicate")
    func namesakeAtAnotherAge() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Zoe Ward", age: 11)
        let file = sandbox.folder.appendingPathComponent("office.csv")
        try Data("name,age\nZoe Ward,12\nNew Pupil,12\n".utf8).write(to: file)
        let refused = sandbox.run(["import", file.path])
        #expect(refused.status == 1, "\(refused.output)")
        #expect((refused.output + refused.errorOutput).contains("Zoe Ward"))
        #expect(try StorageHandler.load(from: sandbox.file).count == 1)
        #expect(sandbox.run(["import", file.path, "--allow-duplicates"]).status == 0)
        #expect(
            try StorageHandler.load(from: sandbox.file).map(\.name) == ["Zoe Ward", "Zoe Ward", "New Pupil"])
    }
}

/// A marks list needs no age: an age is needed only by a row that adds a student.
@Suite("Marks lists")
struct MarksListTests {
    @Test("student id,name,score updates the scores and keeps every age; a row that would add needs an age")
    func marksOnly() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ines Costa", age: 12, ["--school-id", "421"])
        try sandbox.add("Isla Thompson", age: 13)
        let file = sandbox.folder.appendingPathComponent("marks.csv")
        try Data("student id,name,score\n421,Ines Costa,81\n,Isla Thompson,67.5\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("0 added, 2 changed"), "\(result.output)")
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map(\.age) == [12, 13] && students.map(\.score) == [81, 67.5])
        try Data("name,score\nNew Pupil,70\n".utf8).write(to: file)
        let adding = sandbox.run(["import", file.path])
        #expect(adding.status == 1)
        #expect(
            adding.errorOutput.contains(":2: New Pupil is not on the roster, and adding them needs an age."))
        #expect(try StorageHandler.load(from: sandbox.file).count == 2)
    }
}

/// One name column written surname first, as many school exports and gradebooks write it.
@Suite("Surname, forename")
struct SurnameFirstTests {
    @Test(
        "Hughes, Amelia is read as Amelia Hughes with her parts, with a note; first-last keeps names as written"
    )
    func surnameFirst() throws {
        let sandbox = try RosterSandbox()
        let file = sandbox.folder.appendingPathComponent("gradebook.csv")
        try Data("name,age\n\"Hughes, Amelia\",12\n\"O'Neil, Sam\",11\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("'Hughes, Amelia' is Amelia Hughes"), "\(result.errorOutput)")
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map(\.name) == ["Amelia Hughes", "Sam O'Neil"])
        #expect(
            students.map(\.lastName) == ["Hughes", "O'Neil"]
                && students.map(\.firstName) == ["Amelia", "Sam"])
        let other = try RosterSandbox()
        let kept = other.run(["import", file.path, "--name-order", "first-last"])
        #expect(kept.status == 0)
        #expect(try StorageHandler.load(from: other.file).map(\.name) == ["Hughes, Amelia", "O'Neil, Sam"])
    }
}
