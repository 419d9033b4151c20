import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Leavers keep their marks: a class's past registers never change when a student leaves or is
/// removed, and a register taken late never counts a student who was not on the roll that day.
@Suite("Leavers and joiners")
struct LeaverTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ann Lee", "Bob Ray", "Cy Dunn"] { try sandbox.add(name) }
        #expect(sandbox.run(["absent", "bob", "--date", "2026-11-30"]).status == 0)
    }

    private func lines(_ arguments: [String]) -> [String] {
        sandbox.run(arguments).output.split(separator: "\n").map(String.init)
    }

    @Test("a leaver keeps their marks and is in past registers, but not in the class's lists today")
    func leaverKeepsPast() throws {
        let before = sandbox.run(["register", "--date", "2026-11-30"]).output
        let left = sandbox.run(["leave", "bob", "--date", "2026-12-01"])
        #expect(left.status == 0 && left.output == "Left the class on 2026-12-01: Bob Ray.\n")
        // The same lesson, with the leaver's leaving day beside their name.
        #expect(
            sandbox.run(["register", "--date", "2026-11-30"]).output
                == before.replacing("Bob Ray", with: "Bob Ray (left 2026-12-01)"))
        #expect(before.contains("2 present, 1 absent"))
        #expect(!sandbox.run(["list"]).output.contains("Bob Ray"))
        #expect(lines(["list", "--left", "--no-header"]).count == 1)
        #expect(lines(["list", "--all", "--no-header"]).count == 3)
        #expect(sandbox.run(["show", "bob"]).output.contains("Left:  2026-12-01"))
        #expect(sandbox.run(["export", "--format", "csv", "--output", "-"]).output.contains(",2026-12-01"))
        for _ in 0..<3 { #expect(!sandbox.run(["pick"]).output.contains("Bob")) }
        #expect(!sandbox.run(["groups", "--count", "2"]).output.contains("Bob"))
        #expect(sandbox.run(["present", "--date", "2026-12-02"]).status == 0)
        #expect(sandbox.run(["register", "--date", "2026-12-02"]).output.contains("2 present."))
        let late = sandbox.run(["absent", "bob", "--date", "2026-12-02"])
        #expect(late.status == 1 && late.errorLine.contains("left on 2026-12-01"), "\(late.errorOutput)")
        let range = sandbox.run(["register", "--from", "2026-11-30", "--to", "2026-12-02"]).output
        #expect(range.contains("Bob Ray") && range.contains("Ann Lee"), "\(range)")
    }

    @Test(
        "every register report names a leaver's leaving day: a day, a week and a range, in text, JSON, CSV and HTML"
    )
    func reportsShowLeavingDay() throws {
        #expect(sandbox.run(["leave", "bob", "--date", "2026-12-01"]).status == 0)
        for command in [
            ["register", "--date", "2026-11-30"], ["register", "--week", "2026-11-30"],
            ["register", "--from", "2026-11-30", "--to", "2026-11-30"],
        ] {
            for format in ["table", "json", "csv", "html"] {
                let printed = sandbox.run(command + (format == "table" ? [] : ["--format", format])).output
                let shown = ["table", "html"].contains(format) ? "Bob Ray (left 2026-12-01)" : "2026-12-01"
                #expect(printed.contains(shown), "\(command) \(format): \(printed)")
                #expect(format != "json" || printed.contains("\"left\":\"2026-12-01\""), "\(printed)")
            }
        }
    }

    @Test("remove keeps a student with marks as a leaver; --forget erases; without marks, remove erases")
    func removeKeepsMarks() throws {
        let before = sandbox.run(["register", "--date", "2026-11-30"]).output
        let kept = sandbox.run(["remove", "bob"])
        #expect(kept.status == 0 && kept.output.contains("Kept as leavers from"), "\(kept.output)")
        #expect(
            sandbox.run(["register", "--date", "2026-11-30"]).output
                == before.replacing("Bob Ray", with: "Bob Ray (left \(SchoolDay.today()))"))
        let again = sandbox.run(["remove", "--forget", "bob"])
        #expect(again.status == 1)
        #expect(
            again.errorLine
                == "Error: Bob Ray left the class on \(SchoolDay.today()); nothing was changed. "
                + "To change the record kept of them in this class, add --left.")
        #expect(
            sandbox.run(["remove", "--forget", "--left", "bob"]).output == "Removed 1 student: Bob Ray.\n")
        #expect(sandbox.run(["register", "--date", "2026-11-30"]).output != before)
        try sandbox.add("Dee New")
        let erased = sandbox.run(["remove", "dee"])
        #expect(erased.output == "Removed 1 student: Dee New.\n")
        #expect(try StorageHandler.load(from: sandbox.file).map(\.name) == ["Ann Lee", "Cy Dunn"])
    }

    @Test("remove keeps a student with only markbook marks as a leaver, and says what each kept")
    func removeSaysWhatIsKept() throws {
        #expect(sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10"]).status == 0)
        // Dee joins once lessons exist, so no register was taken with her in it.
        try sandbox.add("Dee New")
        #expect(sandbox.run(["mark", "q1", "dee", "7", "cy", "8"]).status == 0)
        let marks = sandbox.run(["remove", "dee"])
        #expect(
            marks.output.hasPrefix("Kept as leavers from \(SchoolDay.today()), with their marks: Dee New."),
            "\(marks.output)")
        #expect(try StorageHandler.load(from: sandbox.file).first { $0.name == "Dee New" }?.marks.count == 1)
        let register = sandbox.run(["remove", "ann"])
        #expect(
            register.output.hasPrefix(
                "Kept as leavers from \(SchoolDay.today()), with their register: Ann Lee."))
        let both = sandbox.run(["remove", "cy"])
        #expect(
            both.output.hasPrefix("Kept as leavers from \(SchoolDay.today()), with their register and marks:")
        )
    }

    @Test("a list of names that hold commas is joined with semicolons, so each name shows whole")
    func namesWithCommas() throws {
        try sandbox.add("Hughes, Amelia")
        let apart = sandbox.run(["apart", "ann", "amelia"])
        #expect(apart.output.contains("Ann Lee; Hughes, Amelia"), "\(apart.output)")
        #expect(sandbox.run(["apart", "ann", "bob"]).output.contains("Ann Lee, Bob Ray"))
    }

    @Test(
        "a student added once lessons exist joins today: a register taken late for an earlier day leaves them out"
    )
    func lateRegister() throws {
        try sandbox.add("Dee New")
        #expect(sandbox.run(["show", "dee"]).output.contains("Joined:    \(SchoolDay.today())"))
        #expect(sandbox.run(["present", "--date", "2026-11-27"]).status == 0)
        #expect(sandbox.run(["register", "--date", "2026-11-27"]).output.contains("3 present."))
        let refused = sandbox.run(["absent", "dee", "--date", "2026-11-27"])
        #expect(refused.status == 1 && refused.errorLine.contains("joined on"), "\(refused.errorOutput)")
        try sandbox.add("Eve Back", age: 12, ["--joined", "2026-11-20"])
        #expect(sandbox.run(["present", "--date", "2026-11-25"]).status == 0)
        #expect(sandbox.run(["register", "--date", "2026-11-25"]).output.contains("4 present."))
    }

    @Test("a class set up before its first lesson has everyone on the roll from the start")
    func setUpFirst() throws {
        let fresh = try RosterSandbox()
        for name in ["Ann Lee", "Bob Ray"] { try fresh.add(name) }
        #expect(fresh.run(["show", "ann"]).output.contains("Joined") == false)
        #expect(fresh.run(["present", "--date", "2026-11-02"]).output.contains("everyone present"))
        #expect(fresh.run(["register", "--date", "2026-11-02"]).output.contains("2 present."))
    }

    @Test("rejoin brings a leaver back from today; a student who has not left cannot rejoin")
    func rejoin() {
        #expect(sandbox.run(["leave", "bob"]).status == 0)
        #expect(sandbox.run(["leave", "bob"]).errorLine.contains("left the class on"))
        #expect(sandbox.run(["rejoin", "bob"]).output == "Back in the class: Bob Ray.\n")
        #expect(sandbox.run(["list"]).output.contains("Bob Ray"))
        #expect(sandbox.run(["rejoin", "ann"]).errorLine.contains("has not left"))
    }
}

/// A move is a leave and a join: no past lesson of either class changes.
@Suite("Moves between classes")
struct MoveRecordTests {
    @Test("Ava moves from 7A to 8C: each class's past registers stay as they were, and she can come back")
    func moveKeepsBothPasts() throws {
        let sandbox = try RosterSandbox()
        let in7A = { (arguments: [String]) in sandbox.run(["--class", "7A"] + arguments) }
        let in8C = { (arguments: [String]) in sandbox.run(["--class", "8C"] + arguments) }
        for name in ["Ava Stone", "Ben Hall"] { #expect(in7A(["add", name, "--age", "12"]).status == 0) }
        #expect(in8C(["add", "Cal Reed", "--age", "12"]).status == 0)
        #expect(in7A(["absent", "ava", "--date", "2026-11-30"]).status == 0)
        #expect(in7A(["absent", "ben", "--date", "2026-11-30", "--lesson", "2"]).status == 0)
        #expect(in8C(["present", "--date", "2026-12-01"]).status == 0)
        let pasts = [
            in7A(["register", "--date", "2026-11-30"]).output,
            in8C(["register", "--date", "2026-12-01"]).output,
        ]
        let week = in8C(["register", "--week", "2026-12-01"]).output
        let moved = in7A(["move", "ava", "--to", "8C", "--date", "2026-12-02"])
        #expect(moved.status == 0 && moved.output == "Moved Ava Stone to 8C.\n", "\(moved.errorOutput)")
        #expect(
            in7A(["register", "--date", "2026-11-30"]).output
                == pasts[0].replacing("Ava Stone", with: "Ava Stone (left 2026-12-02)"))
        #expect(in8C(["register", "--date", "2026-12-01"]).output == pasts[1])
        #expect(in8C(["register", "--week", "2026-12-01"]).output.contains("2/2") == false)
        // 8C's week gains no column from 7A's second lesson, and no mark from before Ava came.
        let columns = { (grid: String) in grid.split(separator: "\n")[1].split(separator: " ").dropFirst() }
        #expect(columns(in8C(["register", "--week", "2026-12-01"]).output) == columns(week))
        #expect(!in7A(["list"]).output.contains("Ava") && in7A(["list", "--left"]).output.contains("Ava"))
        #expect(in8C(["list"]).output.contains("Ava Stone"))
        #expect(in8C(["present", "--date", "2026-12-02"]).status == 0)
        #expect(in8C(["register", "--date", "2026-12-02"]).output.contains("2 present."))
        let back = in8C(["move", "ava", "--to", "7A", "--date", "2026-12-03"])
        #expect(back.status == 0, "\(back.errorOutput)")
        #expect(
            in7A(["list"]).output.contains("Ava Stone")
                && in7A(["register", "--date", "2026-11-30"]).output == pasts[0])
    }
}
