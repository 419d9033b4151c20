import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// The commands a teacher uses in a lesson, in-process.
@Suite("Classroom commands")
struct ClassroomCommandTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Zoë Martin"] { try sandbox.add(name) }
    }

    @Test("pick names one student, then everyone once before anyone twice; ROSTER_SEED repeats it")
    func pick() throws {
        let seed = ["ROSTER_SEED": "7"]
        var names: [String] = []
        for _ in 0..<4 {
            let result = sandbox.run(["pick"], environment: seed)
            #expect(result.status == 0)
            names.append(String(result.output.dropLast()))
        }
        #expect(Set(names).count == 4)
        try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent(".students.plist.picks"))
        let again = (0..<4).map { _ in String(sandbox.run(["pick"], environment: seed).output.dropLast()) }
        #expect(again == names)
        let three = sandbox.run(
            ["pick", "--count", "3", "--skip", "ada", "--skip", "alan"], environment: seed)
        #expect(three.status == 1)
        #expect(three.errorLine == "Error: Only 2 students can be picked, not 3.")
        let json = sandbox.run(["pick", "--count", "2", "--format", "json"])
        let picked = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(picked.count == 2)
    }

    @Test(
        "pick refuses a bad ROSTER_SEED, a count of 0 and an unknown student",
        arguments: [
            (["pick"], ["ROSTER_SEED": "soon"], 64, "Error: ROSTER_SEED is 'soon'"),
            (["pick", "--count", "0"], [:], 64, "Error: The value '0' is invalid for '--count <n>'"),
            (["pick", "--skip", "nobody"], [:], 1, "Error: No student matches 'nobody'."),
        ])
    func pickRefuses(arguments: [String], environment: [String: String], status: Int32, message: String) {
        let result = sandbox.run(arguments, environment: environment)
        #expect(result.status == status)
        #expect(result.errorLine.hasPrefix(message), "\(result.errorLine)")
    }

    @Test("groups lists Group 1, Group 2 ..., keeps students apart, and prints JSON arrays of students")
    func groups() throws {
        let seed = ["ROSTER_SEED": "3"]
        let table = sandbox.run(["groups", "--count", "2", "--apart", "ada,alan"], environment: seed)
        #expect(table.status == 0)
        let lines = table.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("Group 1: ") && lines[1].hasPrefix("Group 2: "))
        #expect(lines.allSatisfy { !($0.contains("Ada Lovelace") && $0.contains("Alan Turing")) })
        #expect(
            sandbox.run(
                ["groups", "--count", "2", "--apart", "ada,alan", "--ignore-history"], environment: seed)
                == table)
        let json = sandbox.run(["groups", "--size", "3", "--format", "json"]).output
        let groups = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[[String: Any]]])
        // Four by three: one group of three, and the student left over joins it.
        #expect(groups.map(\.count) == [4])
        let skipped = sandbox.run(["groups", "--count", "3", "--skip", "zoe"]).output
        #expect(!skipped.contains("Zoë") && skipped.split(separator: "\n").count == 3)
    }

    @Test(
        "groups refuses what cannot be done, with one Error: line",
        arguments: [
            (["groups"], Int32(64), "Error: Give either --size <n> or --count <n>"),
            (["groups", "--size", "2", "--count", "2"], 64, "Error: Give either --size <n> or --count <n>"),
            (["groups", "--count", "5"], 1, "Error: 5 groups need at least 5 students, and there are 4."),
            (
                ["groups", "--count", "2", "--apart", "ada,alan,grace"], 1,
                "Error: Ada Lovelace, Alan Turing, Grace Hopper cannot"
            ),
            (["groups", "--count", "2", "--balance", "height"], 64, "Error: The value 'height' is invalid"),
        ])
    func groupsRefuse(arguments: [String], status: Int32, message: String) {
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.errorLine.hasPrefix(message), "\(result.errorLine)")
    }

    @Test("--class and ROSTER_CLASS select ~/Documents/Classes/<name>.plist; classes lists them")
    func classes() throws {
        var environment = sandbox.environment
        environment["ROSTER_FILE"] = nil
        let run = { (arguments: [String], extra: [String: String]) -> RunResult in
            let output = CapturedOutput()
            let errorOutput = CapturedOutput()
            let status = CommandLineTool.run(
                arguments: arguments, environment: environment.merging(extra) { $1 }, output: output,
                errorOutput: errorOutput)
            return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
        }
        #expect(run(["--class", "7A", "add", "Ada", "--age", "12"], [:]).status == 0)
        #expect(run(["add", "Alan", "--age", "12", "--class", "7B"], [:]).status == 0)
        #expect(run(["add", "Grace", "--age", "12"], ["ROSTER_CLASS": "7B"]).status == 0)
        let classes = sandbox.folder.appendingPathComponent("Documents/Classes")
        #expect(
            try StorageHandler.load(from: classes.appendingPathComponent("7A.plist")).map(\.name) == ["Ada"])
        #expect(
            try StorageHandler.load(from: classes.appendingPathComponent("7B.plist")).map(\.name) == [
                "Alan", "Grace",
            ])
        #expect(run(["classes"], [:]).output == "CLASS  STUDENTS\n7A     1\n7B     2\n")
        #expect(
            run(["path", "--class", "7B"], [:]).output == classes.appendingPathComponent("7B.plist").path
                + "\n")
        for name in ["../x", "/", ".hidden", ""] {
            #expect(run(["--class", name, "list"], [:]).status == 64, "\(name)")
        }
        #expect(run(["--class", "7A", "--file", "x.plist", "list"], [:]).status == 64)
        #expect(run(["list"], ["ROSTER_CLASS": "7A", "ROSTER_FILE": "/tmp/x.plist"]).status == 64)
        #expect(
            !FileManager.default.fileExists(
                atPath: sandbox.folder.appendingPathComponent("Documents/x.plist").path))
        // A class is matched ignoring case; one that does not exist is refused, creating nothing.
        #expect(run(["--class", "7a", "list"], [:]).output.contains("Ada"))
        #expect(run(["add", "Bo", "--age", "12"], ["ROSTER_CLASS": "7b"]).status == 0)
        #expect(try StorageHandler.load(from: classes.appendingPathComponent("7B.plist")).count == 3)
        for command in [["pick"], ["list"], ["absent", "ada"], ["register"], ["undo"], ["path"]] {
            let refused = run(["--class", "7C"] + command, [:])
            #expect(refused.status == 1, "\(command)")
            #expect(
                refused.errorLine == "Error: There is no class '7C'. The classes are 7A, 7B. Check the name, "
                    + "or start the class with 'roster --class 7C add <name> --age <age>'.")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: classes.path).allSatisfy {
                !$0.contains("7C")
            })
        let started = run(["--class", "7C", "add", "Cy", "--age", "12"], [:])
        #expect(started.status == 0 && started.errorOutput == "New class 7C.\n", "\(started.errorOutput)")
        #expect(run(["--class", "7C", "add", "Di", "--age", "12"], [:]).errorOutput.isEmpty)
        // A change that goes to the default roster, with classes there, names the file.
        let forgot = run(["add", "Ed", "--age", "12"], [:])
        let home = sandbox.folder.appendingPathComponent("Documents/students.plist").path
        #expect(
            forgot.errorOutput
                == "Note: this changed \(home), not a class; give --class <name> to change a class's roster "
                + "(7A, 7B, 7C).\n", "\(forgot.errorOutput)")
        #expect(run(["list"], [:]).errorOutput.isEmpty)
    }

    @Test("absent, present and register keep the register in the roster, through edits and undo")
    func register() throws {
        let today = SchoolDay.today().text
        #expect(
            sandbox.run(["absent", "ada", "--date", "2026-11-02"]).output
                == "Marked absent on 2026-11-02: Ada Lovelace.\n"
                + "Took the register for 2026-11-02: everyone else present.\n")
        #expect(sandbox.run(["absent", "alan", "grace", "--late", "--date", "2026-11-02"]).status == 0)
        #expect(
            sandbox.run(["absent", "zoe"]).output
                == "Marked absent on \(today): Zoë Martin.\nTook the register for \(today): everyone else present.\n"
        )
        #expect(
            sandbox.run(["register", "--date", "2026-11-02"]).output
                == "Register for 2026-11-02: 1 present, 1 absent, 2 late.\n  Absent: Ada Lovelace\n"
                + "  Late: Alan Turing, Grace Hopper\n")
        #expect(sandbox.run(["edit", "ada", "--score", "90"]).status == 0)
        #expect(sandbox.run(["present", "grace", "--date", "2026-11-02"]).status == 0)
        let range = sandbox.run(["register", "--from", "2026-11-01", "--sort", "absences"]).output
        #expect(
            range.split(separator: "\n").first
                == "NAME          LESSONS  PRESENT  LATE  ABSENT  EXCUSED  ATTENDANCE")
        #expect(range.contains("Ada Lovelace        2        1     0       1        0         50%"))
        #expect(range.contains("Grace Hopper        2        2     0       0        0        100%"))
        let csv = sandbox.run(["register", "--from", "2026-11-01", "--format", "csv"]).output
        #expect(
            csv.hasPrefix(
                "id,school_id,name,first_name,last_name,left,lessons,present,late,absent,excused,attendance_percent\r\n"
            ))
        #expect(
            sandbox.run(["export", "--format", "json"]).output.contains(
                "\"register\":{\"2026-11-02\":\"absent\",\"\(today)\":\"present\"}"))
        #expect(sandbox.run(["undo"]).output.hasPrefix("Undid present"))
        #expect(
            sandbox.run(["register", "--date", "2026-11-02"]).output.contains(
                "Late: Alan Turing, Grace Hopper"))
    }

    @Test(
        "register refuses a date that is not one or is in the future, and --take without a terminal",
        arguments: [
            (
                ["absent", "ada", "--date", "2026-02-30"], Int32(64),
                "Error: The value '2026-02-30' is invalid"
            ),
            (["absent", "ada", "--date", "2999-01-01"], 64, "Error: The value '2999-01-01' is invalid"),
            (["register", "--date", "someday"], 64, "Error: The value 'someday' is invalid"),
            (
                ["register", "--from", "2026-11-05", "--to", "2026-11-01"], 64,
                "Error: --from 2026-11-05 comes after"
            ),
            (["register", "--take"], 64, "Error: register --take calls the roll at a terminal"),
        ])
    func registerRefuses(arguments: [String], status: Int32, message: String) {
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.errorLine.hasPrefix(message), "\(result.errorLine)")
    }

    @Test("register --take calls the roll in name order, one key a student: Enter, a, l, e, b to go back")
    func takeTheRoll() throws {
        let answers = ScriptedInput(["a", "", "b", "l", "", "x", ""], isTerminal: true)
        let result = sandbox.run(["register", "--take", "--date", "2026-11-03"], input: answers)
        #expect(result.status == 0)
        #expect(
            result.output
                == "Recorded the register for 2026-11-03: 2 present, 1 absent, 1 late.\n  Absent: Ada Lovelace\n"
                + "  Late: Alan Turing\n")
        #expect(
            result.errorOutput.hasPrefix(
                "Roll call for students.plist, 2026-11-03: 4 students. p or Enter present, a absent, l late, "
                    + "e excused, b back, q stop (and record what was called, if you say so).\n1/4 Ada Lovelace: absent\n2/4 Alan Turing: present\n"
                    + "3/4 Grace Hopper: back\n2/4 Alan Turing (present): late\n"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("  Press p or Enter, a, l, e, b or q.\n"))
        #expect(
            sandbox.run(["register", "--date", "2026-11-03"]).output
                == "Register for 2026-11-03: 2 present, 1 absent, 1 late.\n  Absent: Ada Lovelace\n"
                + "  Late: Alan Turing\n")
    }

    @Test("register --week shows students by the week's school days, one column a lesson")
    func weekGrid() throws {
        #expect(sandbox.run(["absent", "ada", "--date", "2026-11-23"]).status == 0)
        #expect(
            sandbox.run(["absent", "zoe", "--excused", "--date", "2026-11-25", "--lesson", "2"]).status == 0)
        #expect(
            sandbox.run(["absent", "alan", "--late", "--date", "2026-11-25", "--lesson", "5"]).status == 0)
        let week = sandbox.run(["register", "--week", "2026-11-26"])
        #expect(week.status == 0)
        #expect(
            week.output == """
                Week of Monday 2026-11-23
                NAME          Mon 23  Tue 24  Wed 25/2  Wed 25/5  Thu 26  Fri 27  TOTAL
                Ada Lovelace  A               .         .                         2/3
                Alan Turing   .               .         L                         3/3
                Grace Hopper  .               .         .                         3/3
                Zoë Martin    .               E         .                         2/3

                """, "\(week.output)")
        let json = sandbox.run(["register", "--week", "--date", "2026-11-23", "--format", "json"])
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(
            rows.map { $0["name"] as? String } == [
                "Ada Lovelace", "Alan Turing", "Grace Hopper", "Zoë Martin",
            ])
        #expect((rows[3]["marks"] as? [String: String])?["2026-11-25/2"] == "excused")
        #expect(rows.allSatisfy { ($0["id"] as? String)?.count == 36 })
    }

    @Test(
        "register's options that contradict each other are usage errors, and nothing is read",
        arguments: [
            ["register", "--to", "2026-11-30"], ["register", "--from", "2026-11-02", "--date", "2026-11-03"],
            ["register", "--week", "--from", "2026-11-02"], ["register", "2026-11-02"],
        ])
    func registerCombinations(arguments: [String]) {
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorLine.hasPrefix("Error: "), "\(result.errorLine)")
        #expect(result.output.isEmpty)
    }

    @Test("today's register on a Sunday gets the note a given Sunday gets; a Monday gets none")
    func todayOnASunday() throws {
        let errors = CapturedOutput()
        let context = CommandContext(
            fileURL: sandbox.file, environment: [:], input: ScriptedInput(), output: CapturedOutput(),
            errorOutput: errors, colorChoice: nil, progressDelay: .seconds(1), saved: SavedChange())
        let sunday = try #require(SchoolDay("2026-12-06"))
        #expect(try AttendanceText.day(nil, today: sunday, context) == sunday)
        #expect(errors.text == "Note: today, 2026-12-06, is a Sunday.\n")
        _ = try AttendanceText.day(nil, today: sunday.adding(days: 1), context)
        #expect(errors.text == "Note: today, 2026-12-06, is a Sunday.\n")
    }

    @Test("a day's register says when it was not taken, and dates are said as teachers say them")
    func dayAndDates() throws {
        #expect(
            sandbox.run(["register", "--date", "2026-11-24"]).output
                == "The register was not taken on 2026-11-24.\n")
        let sunday = sandbox.run(["absent", "ada", "--date", "2026-11-29"])
        #expect(sunday.errorOutput == "Note: 2026-11-29 is a Sunday.\n")
        let yesterday = SchoolDay.today().adding(days: -1)
        #expect(
            sandbox.run(["present", "--date", "yesterday"]).output
                == "Took the register for \(yesterday): everyone present.\n")
        let again = sandbox.run(["absent", "ada", "--date", "2026-11-29"])
        #expect(again.output == "Already marked absent on 2026-11-29: Ada Lovelace; nothing changed.\n")
        #expect(
            sandbox.run(["history", "--format", "json"]).output.components(separatedBy: "\"absent\"").count
                == 2)
    }
}

/// The roll call's q: it asks whether to keep the marks called so far.
@Suite("Stopping a roll call")
struct RollCallStopTests {
    @Test(
        "q then y records the marks called, everyone not called present; q then anything else records nothing"
    )
    func quitAsks() throws {
        let sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { try sandbox.add(name) }
        let declined = sandbox.run(
            ["register", "--take", "--date", "2026-11-30"],
            input: ScriptedInput(["a", "q", "n"], isTerminal: true))
        #expect(declined.status == 1 && declined.errorOutput.contains("Record the 1 marks given"))
        #expect(sandbox.run(["register", "--date", "2026-11-30"]).output.contains("not taken"))
        let kept = sandbox.run(
            ["register", "--take", "--date", "2026-11-30"],
            input: ScriptedInput(["a", "q", "y"], isTerminal: true))
        #expect(kept.status == 0, "\(kept.errorOutput)")
        #expect(
            sandbox.run(["register", "--date", "2026-11-30"]).output
                == "Register for 2026-11-30: 2 present, 1 absent.\n  Absent: Ada Lovelace\n")
    }
}
