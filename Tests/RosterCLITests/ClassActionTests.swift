import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

#if canImport(Glibc)
    import Glibc
#endif

/// Classes renamed, deleted and restored with their histories, and students moved between them
/// with their registers and notes.
@Suite("Renaming, deleting and restoring classes; moving students")
struct ClassActionTests {
    let sandbox: RosterSandbox
    let environment: [String: String]
    let classes: URL

    init() throws {
        sandbox = try RosterSandbox()
        var environment = sandbox.environment
        environment["ROSTER_FILE"] = nil
        self.environment = environment
        classes = sandbox.folder.appendingPathComponent("Documents/Classes")
        for (name, className) in [("Ada Lovelace", "7A"), ("Alan Turing", "7A"), ("Grace Hopper", "7B")] {
            #expect(run(["--class", className, "add", name, "--age", "12"]).status == 0)
        }
    }

    func run(_ arguments: [String], input: LineInput = ScriptedInput()) -> RunResult {
        let (output, errorOutput) = (CapturedOutput(), CapturedOutput())
        let status = CommandLineTool.run(
            arguments: arguments, environment: environment, input: input, output: output,
            errorOutput: errorOutput)
        return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
    }

    func students(_ className: String) throws -> [Student] {
        try StorageHandler.load(from: classes.appendingPathComponent(className + ".plist"))
    }

    @Test(
        "move: the student leaves 7A keeping their marks there, and joins 7B today with their note; undo in either class takes back both halves"
    )
    func move() throws {
        #expect(run(["--class", "7A", "edit", "ada", "--note", "front row"]).status == 0)
        #expect(run(["--class", "7A", "absent", "ada", "--date", "2026-11-30"]).status == 0)
        let before = try students("7A")[0]
        let moved = run(["--class", "7A", "move", "ada", "--to", "7b"])
        #expect(moved.status == 0)
        #expect(moved.output == "Moved Ada Lovelace to 7B.\n")
        let sevenA = try students("7A")
        #expect(sevenA.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        #expect(sevenA[0].left == SchoolDay.today() && sevenA[0].attendance == before.attendance)
        let joined = try #require(try students("7B").last)
        #expect(joined.id == before.id && joined.note == "front row" && joined.attendance.isEmpty)
        #expect(joined.joined == SchoolDay.today())
        #expect(run(["--class", "7A", "move", "alan", "--to", "7C"]).status == 1)
        #expect(run(["--class", "7A", "move", "alan", "--to", "7A"]).status == 64)
        #expect(run(["--class", "7B", "undo"]).status == 0)
        #expect(try students("7A").first == before)
        #expect(try students("7B").map(\.name) == ["Grace Hopper"])
        #expect(run(["--class", "7A", "redo"]).status == 0)
        #expect(try students("7B").map(\.name) == ["Grace Hopper", "Ada Lovelace"])
        #expect(try students("7A").first?.left == SchoolDay.today())
    }

    @Test(
        "a move brings the marks of an assessment both classes have, by name and maximum or --map, in one undo step"
    )
    func moveBringsSharedMarks() throws {
        for (className, assessments) in [
            ("7A", ["Quiz 1", "Essay", "Project"]), ("7B", ["quiz 1", "Fractions"]),
        ] {
            for name in assessments {
                let outOf = name == "Project" ? "20" : "10"
                #expect(
                    run(["--class", className, "assessment", "add", name, "--out-of", outOf]).status == 0)
            }
        }
        #expect(run(["--class", "7A", "mark", "quiz 1", "ada", "8"]).status == 0)
        #expect(run(["--class", "7A", "mark", "essay", "ada", "6"]).status == 0)
        #expect(run(["--class", "7A", "mark", "project", "ada", "15"]).status == 0)
        let moved = run(["--class", "7A", "move", "ada", "--to", "7B", "--map", "Essay=Fractions"])
        #expect(moved.status == 0, "\(moved.errorOutput)")
        #expect(moved.output == "Moved Ada Lovelace to 7B, with 2 marks on assessments both classes have.\n")
        let url = classes.appendingPathComponent("7B.plist")
        let (joined, book) = try StorageHandler.loadMarkbook(from: url)
        let ada = try #require(joined.first { $0.name == "Ada Lovelace" })
        let ids = Dictionary(uniqueKeysWithValues: book.assessments.map { ($0.name, $0.id) })
        #expect(
            ada.marks == [
                try #require(ids["quiz 1"]): .points(Fraction(8)),
                try #require(ids["Fractions"]): .points(Fraction(6)),
            ])
        // The marks stay in 7A too, with the record of the class they were given in.
        let left = try #require(try students("7A").first { $0.name == "Ada Lovelace" })
        #expect(left.marks.count == 3 && left.left != nil)
        #expect(run(["--class", "7B", "undo"]).status == 0)
        #expect(try students("7B").allSatisfy { $0.name != "Ada Lovelace" })
        let unknown = run(["--class", "7A", "move", "alan", "--to", "7B", "--map", "Essay=Nothing"])
        #expect(unknown.status != 0 && unknown.errorLine.contains("Nothing"), "\(unknown.errorOutput)")
        for malformed in ["Essay", "Essay=", "=Fractions"] {
            let refused = run(["--class", "7A", "move", "alan", "--to", "7B", "--map", malformed])
            #expect(
                refused.status == 64 && refused.errorLine.contains("is invalid for '--map <here=there>'"),
                "\(refused.errorOutput)")
        }
        #expect(try students("7B").allSatisfy { $0.name != "Alan Turing" })
    }

    @Test("undo of a move is refused, changing nothing, when the other class has changed since")
    func undoMoveAfterOtherClassChanged() throws {
        #expect(run(["--class", "7A", "move", "ada", "--to", "7B"]).status == 0)
        #expect(run(["--class", "7B", "add", "Zed", "--age", "9"]).status == 0)
        let (sevenA, sevenB) = (try students("7A"), try students("7B"))
        let refused = run(["--class", "7A", "undo"])
        #expect(refused.status == 1)
        #expect(refused.errorLine.contains("was a move that also changed"), "\(refused.errorLine)")
        #expect(try students("7A") == sevenA && students("7B") == sevenB)
        #expect(run(["--class", "7B", "undo"]).status == 0)
        #expect(run(["--class", "7A", "undo"]).status == 0)
        #expect(try students("7A").allSatisfy { $0.left == nil })
        #expect(try students("7B").map(\.name) == ["Grace Hopper"])
    }

    @Test(
        "classes rename, delete and restore refuse a side file roster did not make, changing nothing",
        arguments: ["link", "fifo", "group-writable", "hard link"])
    func plantedSideFiles(kind: String) throws {
        let picks = classes.appendingPathComponent(".7A.plist.picks").path
        let elsewhere = sandbox.folder.appendingPathComponent("elsewhere").path
        #expect(FileManager.default.createFile(atPath: elsewhere, contents: Data("x\n".utf8)))
        switch kind {
        case "link": #expect(symlink(elsewhere, picks) == 0)
        case "fifo": #expect(mkfifo(picks, 0o600) == 0)
        case "group-writable":
            #expect(FileManager.default.createFile(atPath: picks, contents: Data()))
            #expect(chmod(picks, 0o620) == 0)
        default: #expect(link(elsewhere, picks) == 0)
        }
        let before = try students("7A")
        for command in [["classes", "rename", "7A", "8A"], ["classes", "delete", "7A", "--yes"]] {
            let refused = run(command)
            #expect(refused.status == 1, "\(command): \(refused.errorLine)")
            #expect(
                refused.errorLine.hasPrefix("Error: '\(picks)' is not a file roster made"),
                "\(refused.errorLine)")
        }
        #expect(try students("7A") == before)
        #expect(!FileManager.default.fileExists(atPath: classes.appendingPathComponent("8A.plist").path))
        if kind == "hard link" {
            // Read as it would be written: a second name elsewhere is refused.
            #expect(run(["--class", "7A", "pick"]).status == 1)
        }
    }

    @Test("a class name is one class however it is typed: either Unicode form, spaces at its ends, any case")
    func classNamesAsTyped() throws {
        #expect(run(["--class", "Caf\u{E9}", "add", "Ines", "--age", "12"]).status == 0)
        #expect(run(["--class", "Cafe\u{301}", "add", "Noor", "--age", "12"]).status == 0)
        #expect(run(["--class", " 7a ", "add", "Zed", "--age", "12"]).status == 0)
        #expect(run(["classes"]).output == "CLASS  STUDENTS\n7A     3\n7B     1\nCaf\u{E9}   2\n")
        #expect(try students("Caf\u{E9}").map(\.name) == ["Ines", "Noor"])
        for hostile in ["7C\u{2028}", "7\u{202E}C", "7\u{1B}C"] {
            let refused = run(["--class", hostile, "add", "Eve", "--age", "12"])
            #expect(refused.status == 64 && refused.errorLine.hasPrefix("Error:"), "\(refused.errorLine)")
        }
        #expect(!(run(["classes"]).output.contains("7C")))
    }

    @Test(
        "after a move, edit, mark and remove in the old class are refused naming the new one, unless --left; a register of a lesson before the move is still corrected"
    )
    func changesAimedAtLeavers() throws {
        #expect(run(["--class", "7A", "assessment", "add", "Quiz 1", "--out-of", "10"]).status == 0)
        #expect(run(["--class", "7A", "move", "ada", "--to", "7B"]).status == 0)
        let before = try Data(contentsOf: classes.appendingPathComponent("7A.plist"))
        for command in [["edit", "ada", "--score", "50"], ["mark", "q1", "ada", "8"], ["remove", "ada"]] {
            let refused = run(["--class", "7A"] + command)
            #expect(refused.status == 1, "\(command)")
            #expect(
                refused.errorLine
                    == "Error: Ada Lovelace left the class on \(SchoolDay.today()) and is on the roll of 7B now; "
                    + "nothing was changed. To change the record kept of them in this class, add --left.")
            #expect(try Data(contentsOf: classes.appendingPathComponent("7A.plist")) == before)
        }
        #expect(run(["--class", "7A", "edit", "ada", "--score", "50", "--left"]).status == 0)
        #expect(try students("7A")[0].score == 50 && students("7B").last?.score == nil)
        #expect(run(["--class", "7A", "mark", "q1", "ada", "8", "--left"]).status == 0)
        #expect(run(["--class", "7A", "absent", "ada", "--date", "2026-11-30"]).status == 0)
        #expect(try students("7A")[0].attendance.count == 1)
    }

    /// The files in the classes folder that belong to the class `name`: its roster and anything
    /// named after it (its lock, journal, history and side files).
    func filesNamed(_ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: classes.path).filter {
            $0.hasPrefix(name + ".plist") || $0.hasPrefix("." + name + ".plist")
        }.sorted()
    }

    @Test("classes rename keeps the roster and its history; a taken name is refused")
    func rename() throws {
        #expect(run(["classes", "rename", "7B", "7A"]).status == 64)
        let renamed = run(["classes", "rename", "7a", "8A"])
        #expect(renamed.output == "Renamed class 7A to 8A.\n")
        #expect(try filesNamed("7A") == [], "a file of the old name is left")
        #expect(run(["classes"]).output == "CLASS  STUDENTS\n7B     1\n8A     2\n")
        #expect(run(["--class", "8A", "undo"]).status == 0)
        #expect(try students("8A").map(\.name) == ["Ada Lovelace"])
        #expect(run(["classes", "rename", "9Z", "9Y"]).status == 1)
    }

    @Test("classes delete asks or needs --yes, and classes restore brings the class and its history back")
    func deleteAndRestore() throws {
        let before = try students("7A")
        let refused = run(["classes", "delete", "7A"])
        #expect(refused.status == 64)
        #expect(
            refused.errorLine
                == "Error: classes delete needs --yes to confirm when it is not run at a terminal.")
        let declined = run(["classes", "delete", "7A"], input: ScriptedInput(["n"], isTerminal: true))
        #expect(declined.output == "Nothing was deleted.\n")
        #expect(run(["classes", "delete", "7A"], input: ScriptedInput(["y"], isTerminal: true)).status == 0)
        #expect(try filesNamed("7A") == [], "a file of the deleted name is left")
        #expect(run(["classes"]).output == "CLASS  STUDENTS\n7B     1\n")
        #expect(run(["--class", "7A", "list"]).status == 1)
        #expect(run(["classes", "restore", "7a"]).output == "Restored class 7A.\n")
        #expect(try students("7A") == before)
        #expect(run(["--class", "7A", "undo"]).status == 0)
        #expect(try students("7A").count == 1)
        #expect(run(["classes", "restore", "7A"]).status == 64)
        #expect(run(["classes", "delete", "7B", "--yes"]).status == 0)
        #expect(run(["--class", "7B", "add", "New", "--age", "12"]).status == 0)
        let clash = run(["classes", "restore", "7B"])
        #expect(clash.status == 64)
        #expect(clash.errorLine.hasPrefix("Error: There is a class '7B' already"))
    }

    @Test(
        "a class action is read whole before anything runs: a wrong verb, a missing or extra name, a --yes for no deletion"
    )
    func actionsAreChecked() throws {
        let usage =
            "Error: classes takes 'rename <old> <new>', 'delete <name>' or 'restore <name>', or nothing to list them.\n"
        for words in [
            ["classes", "drop", "7A"], ["classes", "delete"], ["classes", "rename", "7A"],
            ["classes", "delete", "7A", "7B"],
        ] {
            let result = run(words)
            #expect(result.status == 64, "\(words)")
            #expect(result.errorOutput.hasPrefix(usage), "\(words)")
        }
        for words in [["classes", "--yes"], ["classes", "rename", "7A", "8A", "--yes"]] {
            let result = run(words)
            #expect(result.status == 64, "\(words)")
            #expect(
                result.errorOutput.hasPrefix("Error: --yes confirms 'classes delete'; drop --yes.\n"),
                "\(words)")
        }
        #expect(
            try students("7A").count == 2
                && FileManager.default.fileExists(atPath: classes.appendingPathComponent("7A.plist").path))
        #expect(!FileManager.default.fileExists(atPath: classes.appendingPathComponent("8A.plist").path))
    }
}
