import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The gaps a simulated term found at the edges of its record: who an import adds once lessons
/// exist, work due before a student joined, the week of a leaver, and leavers among everyone.
@Suite("The term's gaps")
struct TermGapTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        _ = try sandbox.add("Ada Lovelace", age: 12, ["--joined", "2026-09-01"])
        #expect(sandbox.run(["absent", "ada", "--date", "2026-11-02"]).status == 0)
    }

    @Test("an import once lessons exist gives the students it adds today as their join day, or --joined")
    func importJoinDay() throws {
        let file = sandbox.folder.appendingPathComponent("new.csv")
        try Data("name,age\nBo Chen,12\n".utf8).write(to: file)
        #expect(sandbox.run(["import", file.path]).status == 0)
        try Data("name,age\nCy Diaz,12\n".utf8).write(to: file)
        #expect(sandbox.run(["import", file.path, "--joined", "2026-11-16"]).status == 0)
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map(\.joined) == [SchoolDay("2026-09-01"), .today(), SchoolDay("2026-11-16")])
        // A register back-filled for a day before they came does not take them.
        #expect(sandbox.run(["absent", "ada", "--date", "2026-11-03"]).status == 0)
        let range = sandbox.run(["register", "--from", "2026-11-03", "--to", "2026-11-03", "--format", "csv"])
        // The lesson before they joined is not on their record: no lessons, not an absence.
        let rows = range.output.components(separatedBy: "\r\n").map { $0.components(separatedBy: ",") }
        let lessons = try #require(rows.first?.firstIndex(of: "lessons"))
        for name in ["Bo Chen", "Cy Diaz"] {
            #expect(rows.first { $0.contains(name) }?[lessons] == "0", "\(range.output)")
        }
        #expect(rows.first { $0.contains("Ada Lovelace") }?[lessons] == "1")
        #expect(sandbox.run(["import", file.path, "--marks", "--joined", "2026-11-16"]).status == 64)
    }

    @Test("a projected result leaves out work due before the student joined")
    func projectedAfterJoining() throws {
        _ = try sandbox.add("Bo Chen", age: 12, ["--joined", "2026-11-20"])
        #expect(
            sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10", "--date", "2026-11-10"]).status == 0
        )
        #expect(
            sandbox.run(["assessment", "add", "Quiz 2", "--out-of", "10", "--date", "2026-11-25"]).status == 0
        )
        #expect(sandbox.run(["mark", "quiz 2", "bo", "9", "ada", "9"]).status == 0)
        let grades = sandbox.run(["grades", "--projected", "--format", "csv"]).output
        let rows = grades.components(separatedBy: "\r\n")
        #expect(rows.contains { $0.hasPrefix("Bo Chen,") && $0.contains(",90,") }, "\(grades)")
        #expect(rows.contains { $0.hasPrefix("Ada Lovelace,") && $0.contains(",45,") }, "\(grades)")
    }

    @Test("the week's grid lists the students on the roll that week, and list --all marks leavers")
    func leaversInTheWeekAndTheList() throws {
        _ = try sandbox.add("Bo Chen", age: 12, ["--joined", "2026-09-01"])
        #expect(sandbox.run(["leave", "bo", "--date", "2026-11-09"]).status == 0)
        let before = sandbox.run(["register", "--week", "2026-11-02"]).output
        let after = sandbox.run(["register", "--week", "2026-11-16"]).output
        #expect(before.contains("Bo Chen") && !after.contains("Bo Chen") && after.contains("Ada"), "\(after)")
        let all = sandbox.run(["list", "--all"]).output
        #expect(all.contains("Bo Chen (left 2026-11-09)") && !all.contains("Ada Lovelace (left"), "\(all)")
        #expect(!sandbox.run(["list"]).output.contains("Bo Chen"))
    }

    @Test("a back-dated leave takes the leaver off the registers of its day and after, whichever came first")
    func oneRuleForTheRoll() throws {
        _ = try sandbox.add("Bo Chen", age: 12, ["--joined", "2026-09-01"])
        _ = try sandbox.add("Cy Diaz", age: 12, ["--joined", "2026-09-01"])
        #expect(sandbox.run(["absent", "bo", "cy", "--date", "2026-11-09"]).status == 0)
        // Cy leaves before the next register is taken, Bo after it, back-dated to the same day.
        #expect(sandbox.run(["leave", "cy", "--date", "2026-11-10"]).status == 0)
        #expect(sandbox.run(["absent", "bo", "--date", "2026-11-10"]).status == 0)
        #expect(sandbox.run(["leave", "bo", "--date", "2026-11-10"]).status == 0)

        let range = sandbox.run(["register", "--from", "2026-11-09", "--to", "2026-11-10", "--format", "csv"])
        let rows = range.output.components(separatedBy: "\r\n").map { $0.components(separatedBy: ",") }
        let (lessons, absent) = (
            try #require(rows.first?.firstIndex(of: "lessons")),
            try #require(rows.first?.firstIndex(of: "absent"))
        )
        let counts = { (name: String) in rows.first { $0.contains(name) }.map { [$0[lessons], $0[absent]] } }
        #expect(counts("Bo Chen") == ["1", "1"] && counts("Cy Diaz") == ["1", "1"], "\(range.output)")
        #expect(counts("Ada Lovelace") == ["2", "0"], "\(range.output)")

        let day = sandbox.run(["register", "--date", "2026-11-10"]).output
        #expect(day.contains("Register for 2026-11-10: 1 present."), "\(day)")
        #expect(day.contains("Off the roll, not counted: Bo Chen (left 2026-11-10) absent"), "\(day)")
        let week = sandbox.run(["register", "--week", "2026-11-09"]).output
        let bo = try #require(week.split(separator: "\n").first { $0.hasPrefix("Bo Chen") })
        #expect(bo.hasSuffix("0/1") && bo.contains("-"), "\(week)")
    }

    @Test("a moved student's report shows the marks left in the old class as in 7A, not counted")
    func marksLeftBehind() throws {
        for arguments in [
            ["--class", "7A", "add", "Ava Ng", "--age", "12"],
            ["--class", "7B", "add", "Bo Chen", "--age", "12"],
            ["--class", "7A", "assessment", "add", "Quiz 1", "--out-of", "10"],
            ["--class", "7A", "assessment", "add", "Essay", "--out-of", "20"],
            ["--class", "7B", "assessment", "add", "Quiz 1", "--out-of", "10"],
            ["--class", "7A", "mark", "q1", "ava", "8"], ["--class", "7A", "mark", "essay", "ava", "15"],
            ["--class", "7A", "move", "ava", "--to", "7B"],
        ] {
            try #require(sandbox.run(arguments).status == 0, "\(arguments)")
        }
        let report = sandbox.run(["--class", "7B", "report", "ava"]).output
        #expect(report.contains("    Quiz 1: 8/10\nResult: 80%\n"), "\(report)")
        #expect(report.contains("Marks before the move, not counted here\n  Essay: 15/20 (in 7A)\n"))
        #expect(!report.contains("Quiz 1: 8/10 (in 7A)"))
    }
}
