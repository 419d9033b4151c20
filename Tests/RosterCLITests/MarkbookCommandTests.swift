import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// The markbook's commands as a teacher types them, and every bad input they refuse.
@Suite("Markbook commands")
struct MarkbookCommandTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { _ = try sandbox.add(name) }
        for command in [
            ["category", "set", "Homework", "--weight", "30", "--drop-lowest", "1"],
            ["category", "set", "Tests", "--weight", "70"],
            ["assessment", "add", "Homework 1", "--out-of", "10", "--category", "homework"],
            ["assessment", "add", "Homework 2", "--out-of", "20", "--category", "Homework"],
            ["assessment", "add", "Test 1", "--out-of", "50", "--category", "Tests", "--date", "2026-11-20"],
            ["scale", "set", "A:90 B:80 C:70 D:60 E:0"],
        ] {
            let result = sandbox.run(command)
            try #require(result.status == 0, "\(command): \(result.errorOutput)")
        }
    }

    /// The roster's bytes and the markbook's, to show that a refused command wrote nothing.
    func files() throws -> [Data?] {
        let markbook = sandbox.folder.appendingPathComponent(".students.plist.markbook")
        return [try Data(contentsOf: sandbox.file), FileManager.default.contents(atPath: markbook.path)]
    }

    @Test("marks in every form a teacher types, with what each was before")
    func marking() throws {
        let result = sandbox.run(["mark", "h1", "ada", "8,5", "alan", "9/10", "grace", "ex"])
        #expect(result.status == 0)
        #expect(
            result.output
                == "Homework 1: Ada Lovelace 8.5/10 (was blank)\nHomework 1: Alan Turing 9/10 (was blank)\n"
                + "Homework 1: Grace Hopper excused (was blank)\n")
        let again = sandbox.run(["mark", "homework 1", "ada", "80%", "grace", "-"])
        #expect(
            again.output
                == "Homework 1: Ada Lovelace 80% (8/10) (was 8.5/10)\nHomework 1: Grace Hopper blank (was excused)\n"
        )
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map { $0.marks["a1"] } == [.percent(Fraction(80)), .points(Fraction(9)), nil])
    }

    @Test(
        "each bad input gets one Error: line and changes nothing",
        arguments: [
            (["mark", "h1", "ada", "11"], "'11' is over the maximum of 10."),
            (["mark", "h1", "ada", "8/9"], "'8/9' is not out of the maximum of 10."),
            (["mark", "h1", "ada", "101%"], "'101%' is over 100%."),
            (["mark", "h1", "ada", "eight"], "'eight' is not a mark"),
            (["mark", "h1", "ada", "8", "zed", "5"], "No student matches 'zed'."),
            (
                ["mark", "homewrk 1", "ada", "8"],
                "There is no assessment called 'homewrk 1'; did you mean 'Homework 1', 'Homework 2'?"
            ),
            (["mark", "homework", "ada", "8"], "'homework' matches 2 assessments: Homework 1, Homework 2."),
            (
                ["assessment", "add", "homework 1", "--out-of", "5"],
                "An assessment is called 'Homework 1' already."
            ),
            (["assessment", "add", "Quiz", "--out-of", "0"], "'0' is not a maximum above 0"),
            (["assessment", "add", "Quiz", "--out-of", "ten"], "'ten' is not a maximum above 0"),
            (["category", "set", "Homework", "--weight", "heavy"], "'heavy' is not a weight"),
            (["category", "remove", "Quizzes"], "There is no category called 'Quizzes'."),
            (
                ["assessment", "edit", "h1", "--out-of", "5"],
                "1 mark on 'Homework 1' would be over the new maximum."
            ),
        ])
    func badInput(arguments: [String], message: String) throws {
        #expect(sandbox.run(["mark", "h1", "alan", "7"]).status == 0)
        let before = try files()
        let result = sandbox.run(arguments)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(result.errorOutput.hasPrefix("Error: " + message), "\(result.errorOutput)")
        #expect(try files() == before)
    }

    @Test(
        "usage mistakes are refused with exit 64, naming the option",
        arguments: [
            (["mark", "h1", "ada"], "'ada' has no value"),
            (["assessment", "add", "Quiz"], "assessment add needs --out-of <points>."),
            (["assessment", "list", "--out-of", "5"], "--out-of is for 'assessment add'"),
            (["assessment", "remove", "h1"], "assessment remove needs --yes"),
            (["category", "set", "H", "--drop-lowest", "-1"], "-1"),
            (["category", "set", "H", "--drop-lowest", "101"], "Use a whole number from 0 to 100."),
            (["assessment", "grade", "h1"], "'grade' is not an assessment action"),
            (["assessment", "rename", "h1"], "assessment rename takes an old and a new name"),
            (["assessment", "list", "h1"], "assessment list takes no name"),
            (
                ["assessment", "edit", "h1", "--from-score", "--out-of", "5"],
                "--from-score is for 'assessment add'"
            ),
            (["assessment", "list", "--yes"], "--yes confirms 'assessment remove'"),
            (["category", "drop", "H"], "'drop' is not a category action"),
            (["category", "set"], "category set takes one name"),
            (["category", "list", "--weight", "3"], "--weight is for 'category set'"),
            (["category", "remove", "H", "--format", "json"], "--format is for 'category list'"),
            (["scale", "set"], "scale set needs the letters"),
            (["scale", "set", "A:90 B:80"], "No letter starts at 0, so some results would have none."),
            (["scale", "set", "A90"], "'A90' is not a letter and its lowest result"),
            (["scale", "show", "A"], "scale show takes nothing more"),
            (["scale", "bump"], "'bump' is not a scale action"),
            (["grades", "--explain", "ada", "--sort", "result"], "--sort is for the whole markbook"),
            (["grades", "--term", "Spring"], "No assessment is in the term 'Spring'"),
        ])
    func usage(arguments: [String], message: String) throws {
        #expect(sandbox.run(["mark", "h1", "alan", "7"]).status == 0)
        let before = try files()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(try files() == before)
    }

    @Test("grades shows results by category and letter, and --explain works them out line by line")
    func gradesAndExplain() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "2", "alan", "9"]).status == 0)
        #expect(sandbox.run(["mark", "h2", "ada", "18", "alan", "missing"]).status == 0)
        #expect(sandbox.run(["mark", "test 1", "ada", "40"]).status == 0)
        let table = sandbox.run(["grades", "--sort", "result"], environment: ["COLUMNS": "100"])
        // Ada: homework drops 2/10 (18/20 = 90%), tests 80%: (30 × 90 + 70 × 80) / 100 = 83.
        // Alan: homework drops the missing 0/20 (9/10 = 90%), no test yet: 90.
        let rows = table.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(rows.dropFirst().first?.suffix(2) == ["90%", "A"])
        #expect(rows.dropFirst(2).first?.suffix(2) == ["83%", "B"])
        let explained = sandbox.run(["grades", "--explain", "ada"]).output
        #expect(
            explained.contains(
                "Homework 1  2/10          dropped: without it the category's result is highest"))
        #expect(explained.contains("= 18 of 20 points: 90%"))
        #expect(explained.contains("Overall: (30 × 90 + 70 × 80) / (30 + 70) = 83%"))
        #expect(explained.contains("Letter: B"))
        #expect(sandbox.run(["mark", "h1", "grace", "5"]).status == 0)
        #expect(sandbox.run(["mark", "h2", "grace", "10"]).status == 0)
        let grace = sandbox.run(["grades", "--explain", "grace"]).output
        // Grace has 50% (an E) and a blank test: (30 × 50 + 70 × t) / 100 is 60.00 to two
        // decimals, a D, from t = 64.28 (59.996), not 64.29.
        #expect(
            grace.contains("Still blank: Test 1.\n64.28% or more on it would reach D (60%).\n"), "\(grace)")
    }

    @Test("the CSV is a gradebook's: a Points Possible row, EX and MI, and blank cells")
    func csv() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8", "alan", "ex", "grace", "missing"]).status == 0)
        let lines = sandbox.run(["grades", "--format", "csv"]).output.split(separator: "\r\n").map(
            String.init)
        #expect(lines[0].hasPrefix("Student,ID,SIS User ID,Homework 1,Homework 2,Test 1,"))
        #expect(lines[1] == "Points Possible,,,10,20,50,,,,")
        #expect(lines.contains { $0.hasPrefix("Ada Lovelace,") && $0.contains(",,8,,,80,,80,B") })
        #expect(lines.contains { $0.hasPrefix("Alan Turing,") && $0.contains(",,EX,,,,,,") })
        #expect(lines.contains { $0.hasPrefix("Grace Hopper,") && $0.contains(",,MI,,,0,,0,E") })
    }

    @Test("removing an assessment asks at a terminal, and undo brings it back with its marks")
    func removeAndUndo() throws {
        #expect(sandbox.run(["mark", "h2", "ada", "15"]).status == 0)
        let declined = sandbox.run(
            ["assessment", "remove", "h2"], input: ScriptedInput(["n"], isTerminal: true))
        #expect(declined.output == "Nothing was removed.\n")
        let removed = sandbox.run(
            ["assessment", "remove", "h2"], input: ScriptedInput(["y"], isTerminal: true))
        #expect(removed.output == "Removed assessment Homework 2 and its 1 mark.\n")
        #expect(try StorageHandler.load(from: sandbox.file)[0].marks.isEmpty)
        #expect(sandbox.run(["undo"]).status == 0)
        let list = sandbox.run(["assessment", "list"]).output
        #expect(list.contains("Homework 2"))
        #expect(try StorageHandler.load(from: sandbox.file)[0].marks == ["a2": .points(Fraction(15))])
    }

    @Test("--from-score turns every score into a mark on a new assessment, in one undo step")
    func fromScore() throws {
        #expect(sandbox.run(["edit", "ada", "--score", "87.5"]).status == 0)
        #expect(sandbox.run(["edit", "grace", "--score", "88.333"]).status == 0)
        #expect(sandbox.run(["assessment", "add", "Baseline", "--out-of", "40", "--from-score"]).status == 0)
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students[0].marks["a4"] == .points(Fraction(35)))
        #expect(students[1].marks["a4"] == nil)
        // 88.33% of 40 is 35.332 points, more decimals than a mark keeps: the percentage is kept.
        #expect(students[2].marks["a4"] == .percent(Fraction(8833, over: 100)))
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file)[0].marks.isEmpty)
        #expect(!sandbox.run(["assessment", "list"]).output.contains("Baseline"))
    }

    /// Writes `text` to a file in the sandbox.
    func write(_ text: String, to name: String) throws -> String {
        let url = sandbox.folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("Canvas's gradebook export: names as Last, First, a Points Possible row, read-only scores left out")
    func canvasImport() throws {
        let file = try write(
            "Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (101),Quiz 9 (102),Current Score,Final Score\n"
                + "    Points Possible,,,,,10,5,(read only),(read only)\n"
                + "\"Lovelace, Ada\",1,,ada,7A,7,4,70,70\n\"Turing, Alan\",2,,,7A,,EX,,\n", to: "canvas.csv")
        let dry = sandbox.run(["import", file, "--marks", "--dry-run"])
        #expect(dry.output.hasSuffix("Would import 3 marks; nothing was written (--dry-run).\n"), "\(dry)")
        #expect(try StorageHandler.load(from: sandbox.file).allSatisfy { $0.marks.isEmpty })
        let result = sandbox.run(["import", file, "--marks"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(
            result.output
                == "New assessment Quiz 9 (out of 5).\nHomework 1: Ada Lovelace 7/10 (was blank)\n"
                + "Quiz 9: Ada Lovelace 4/5 (was blank)\nQuiz 9: Alan Turing excused (was blank)\nImported 3 marks.\n"
        )
        #expect(
            result.errorOutput.contains(
                "left out the columns SIS Login ID, Section, Current Score, Final Score"))
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(!sandbox.run(["assessment", "list"]).output.contains("Quiz 9"))
    }

    @Test(
        "undo and redo of a markbook change say what came back, with no count of students that did not change"
    )
    func undoSaysWhatCameBack() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8"]).status == 0)
        let mark = sandbox.run(["undo"]).output
        #expect(mark.hasPrefix("Undid mark Homework 1 for Ada Lovelace, made at "), "\(mark)")
        #expect(mark.hasSuffix(": the marks are as they were before it.\n") && !mark.contains("students"))
        let redo = sandbox.run(["redo"]).output
        #expect(redo.hasSuffix(": the marks are as the change left them.\n"), "\(redo)")
        #expect(sandbox.run(["assessment", "remove", "h1", "--yes"]).status == 0)
        let removal = sandbox.run(["undo"]).output
        #expect(removal.hasPrefix("Undid remove assessment Homework 1, made at "), "\(removal)")
        #expect(removal.hasSuffix(": the markbook and the marks are as they were before it.\n"))
        #expect(try StorageHandler.load(from: sandbox.file).first?.marks.count == 1)
    }

    @Test("import --marks of 60 marks prints the first 50 and how many more; --report json lists all 60")
    func longMarksConfirmation() throws {
        let rows = (1...20).map { "Pupil \($0),\($0 % 10),\($0 % 20),\($0 % 50)\n" }.joined()
        let students = try write("name,age\n" + (1...20).map { "Pupil \($0),12\n" }.joined(), to: "class.csv")
        #expect(sandbox.run(["import", students]).status == 0)
        let file = try write("name,Homework 1,Homework 2,Test 1\n" + rows, to: "marks.csv")
        let dry = sandbox.run(["import", file, "--marks", "--dry-run"])
        let lines = dry.output.split(separator: "\n")
        #expect(lines.count == 52, "\(dry.output)")
        #expect(lines.dropLast().last == "… and 10 more marks; --report json lists every one.")
        let json = sandbox.run(["import", file, "--marks", "--dry-run", "--report", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let changes = try #require(report?["changes"] as? [[String: Any]])
        #expect(changes.count == 60)
        #expect(changes.last?["student"] as? String == "Pupil 20" && changes.last?["new"] as? String == "20")
        #expect(try StorageHandler.load(from: sandbox.file).allSatisfy { $0.marks.isEmpty })
    }

    @Test(
        "a marks file naming a student twice is read row after row: the later row keeps the earlier row's marks"
    )
    func studentTwiceInMarksFile() throws {
        let file = try write(
            "Name,Quiz A,Quiz B\nAda Lovelace,7,\nAlan Turing,5,6\nAda Lovelace,8,9\n", to: "twice.csv")
        let result = sandbox.run(["import", file, "--marks", "--out-of", "10"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let marks = try StorageHandler.load(from: sandbox.file).map {
            $0.marks.values.sorted { $0.text < $1.text }
        }
        let names = try StorageHandler.load(from: sandbox.file).map(\.name)
        let ada = try #require(names.firstIndex(of: "Ada Lovelace"))
        #expect(marks[ada] == [.points(Fraction(8)), .points(Fraction(9))])
        #expect(result.output.contains("Quiz A: Ada Lovelace 8/10 (was 7/10)"), "\(result.output)")
    }

    @Test("once the class has a markbook, list shows each student's result in place of the score")
    func listShowsResult() throws {
        #expect(sandbox.run(["mark", "t1", "ada", "40", "alan", "25"]).status == 0)
        let list = sandbox.run(["list", "--sort", "name"]).output
        let lines = list.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("RESULT") == true, "\(list)")
        #expect(lines.contains { $0.contains("Ada Lovelace") && $0.hasSuffix("  80") }, "\(list)")
        #expect(lines.contains { $0.contains("Alan Turing") && $0.hasSuffix("  50") }, "\(list)")
        #expect(lines.contains { $0.contains("Grace Hopper") && $0.hasSuffix("  -") }, "\(list)")
        let plain = try RosterSandbox()
        _ = try plain.add("Ada Lovelace")
        #expect(plain.run(["list"]).output.split(separator: "\n").first?.hasSuffix("SCORE") == true)
    }

    @Test("grades --format csv comes back whole through import --marks")
    func ownCSVRoundTrip() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8.5", "alan", "ex", "grace", "missing"]).status == 0)
        #expect(sandbox.run(["mark", "test", "ada", "80%"]).status == 0)
        let exported = sandbox.run(["grades", "--format", "csv"]).output
        let file = try write(exported, to: "grades.csv")
        #expect(sandbox.run(["mark", "h1", "ada", "1", "grace", "-"]).status == 0)
        let back = sandbox.run(["import", file, "--marks"])
        #expect(back.status == 0, "\(back.errorOutput)")
        #expect(back.output.hasSuffix("Imported 2 marks.\n"), "\(back.output)")
        #expect(sandbox.run(["grades", "--format", "csv"]).output == exported)
    }

    @Test(
        "a marks file with a problem changes nothing and names the line",
        arguments: [
            ("name,Homework 1\nZed Smith,5\n", "marks.csv:2: No student matches 'Zed Smith'"),
            (
                "name,Homework 1\nAda Lovelace,12\n",
                "marks.csv:2: Homework 1: '12' is over the maximum of 10."
            ),
            (
                "name,Project\nAda Lovelace,12\n",
                "'Project' is a new assessment and the file gives no maximum for it"
            ),
            ("score,Homework 1\n5,5\n", "marks.csv:1: no column names the students"),
        ])
    func badMarksFile(text: String, message: String) throws {
        let file = try write(text, to: "marks.csv")
        let before = try files()
        let result = sandbox.run(["import", file, "--marks"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(try files() == before)
    }

    @Test(
        "a report for each student: attendance with reasons and rate, marks by category, dropped ones, blanks"
    )
    func report() throws {
        #expect(sandbox.run(["edit", "ada", "--note", "front row", "--school-id", "0012"]).status == 0)
        #expect(sandbox.run(["absent", "ada", "--date", "2026-11-30", "--reason", "dentist"]).status == 0)
        #expect(sandbox.run(["mark", "h1", "ada", "2", "alan", "9"]).status == 0)
        #expect(sandbox.run(["mark", "h2", "ada", "18"]).status == 0)
        let ada = sandbox.run(["report", "ada", "--to", "2026-12-02"])
        #expect(ada.status == 0, "\(ada.errorOutput)")
        #expect(
            ada.output == """
                Ada Lovelace
                students.plist, school id 0012

                Attendance to 2026-12-02: 1 lesson, 0 present, 0 late, 1 absent, 0 excused; rate 0%
                  2026-11-30: absent (dentist)

                Marks
                  Homework: 90%
                    Homework 1: 2/10 (dropped)
                    Homework 2: 18/20
                  Tests
                    Test 1: blank
                Result: 90%, A
                Still blank: Test 1.

                Signature: ______________________________

                """)
        #expect(!ada.output.contains("front row"))
        #expect(sandbox.run(["report", "ada", "--notes"]).output.contains("Note: front row"))
        let everyone = sandbox.run(["report", "--all"]).output
        #expect(
            ["Ada Lovelace\n", "\nAlan Turing\n", "\nGrace Hopper\n"].allSatisfy { everyone.contains($0) })
        #expect(sandbox.run(["report"]).status == 64)
    }

    @Test("stats draws the overall results and, with --assessment, one assessment's marks on its scale")
    func stats() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8", "alan", "9", "grace", "2"]).status == 0)
        let whole = sandbox.run(["stats"], environment: ["LANG": "C"]).output
        // Homework only: 80, 90 and 20; the class's mean is 63.3.
        #expect(whole.contains("Result:  mean 63.3, median 80 (3 of 3), lowest 20, highest 90\n"), "\(whole)")
        let quiz = sandbox.run(["stats", "--assessment", "h1"], environment: ["LANG": "C"]).output
        #expect(
            quiz.hasPrefix(
                "Homework 1 (out of 10)\nMarks:  mean 6.3, median 8 (3 of 3), lowest 2, highest 9\n"),
            "\(quiz)")
        // Bars of one point, as the scale of a mark out of 10 has them.
        #expect(quiz.contains("\n   8  #") && quiz.contains("\n  10  0") && !quiz.contains("80-"), "\(quiz)")
        let json = sandbox.run(["stats", "--format", "json"]).output
        #expect(json.contains("\"result\""))
    }

    @Test("groups --balance result keeps the two best results apart, as the two best scores would be")
    func balanceByResult() throws {
        _ = try sandbox.add("Mia Chen")
        #expect(sandbox.run(["mark", "h1", "ada", "9", "alan", "8", "grace", "2", "mia", "1"]).status == 0)
        for seed in ["1", "2", "3", "4"] {
            let groups = sandbox.run(
                ["groups", "--count", "2", "--balance", "result"], environment: ["ROSTER_SEED": seed])
            let lines = groups.output.split(separator: "\n").filter { $0.hasPrefix("Group ") }
            #expect(lines.count == 2)
            #expect(!lines.contains { $0.contains("Ada") && $0.contains("Alan") }, "\(groups.output)")
        }
    }

    @Test("mark --take goes down the class: values, Enter keeps, x and m, a bad value asked again, b back")
    func take() throws {
        #expect(sandbox.run(["mark", "h1", "grace", "6"]).status == 0)
        // Ada, Alan, Grace by name: Ada 11 (over 10: asked again) then 8; Alan x; back to Alan, m;
        // Grace Enter keeps her 6.
        let input = ScriptedInput(["11", "8", "x", "b", "m", ""], isTerminal: true)
        let result = sandbox.run(["mark", "h1", "--take"], input: input)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Recorded 2 marks on Homework 1.\n")
        #expect(result.errorOutput.contains("1/3 Ada Lovelace (blank now): "))
        #expect(result.errorOutput.contains("'11' is over the maximum of 10. Give it again."))
        #expect(result.errorOutput.contains("3/3 Grace Hopper (6/10 now): "))
        let marks = try StorageHandler.load(from: sandbox.file).map { $0.marks["a1"] }
        #expect(marks == [.points(Fraction(8)), .missing, .points(Fraction(6))])
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(
            try StorageHandler.load(from: sandbox.file).map { $0.marks["a1"] } == [
                nil, nil, .points(Fraction(6)),
            ])
    }

    @Test("mark --take records nothing at the end of input, or when q is declined; q accepted records")
    func takeStopped() throws {
        let before = try files()
        let ended = sandbox.run(["mark", "h1", "--take"], input: ScriptedInput(["7"], isTerminal: true))
        #expect(ended.status == 1)
        #expect(ended.errorOutput.hasSuffix("Stopped; nothing was recorded.\n"), "\(ended.errorOutput)")
        let declined = sandbox.run(
            ["mark", "h1", "--take"], input: ScriptedInput(["7", "q", "n"], isTerminal: true))
        #expect(declined.status == 1)
        #expect(try files() == before)
        let kept = sandbox.run(
            ["mark", "h1", "--take"], input: ScriptedInput(["7", "q", "y"], isTerminal: true))
        #expect(kept.output == "Recorded 1 mark on Homework 1.\n")
        #expect(sandbox.run(["mark", "h1", "--take"]).status == 64)
    }

    @Test(
        "a JSON or plist export carries the markbook beside it, and an import into a new class brings it back whole",
        arguments: ["json", "plist"])
    func exportRoundTrip(format: String) throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8.5", "alan", "ex", "grace", "missing"]).status == 0)
        #expect(sandbox.run(["mark", "test", "ada", "80%"]).status == 0)
        let file = sandbox.folder.appendingPathComponent("class.\(format)").path
        let exported = sandbox.run(["export", "--output", file])
        #expect(
            exported.output.contains(
                "Exported the markbook beside it, to \(sandbox.folder.path)/class.markbook.\(format)."))
        let imported = sandbox.run(["--class", "8B", "import", file])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(
            imported.errorOutput.contains(
                "the markbook beside it, class.markbook.\(format), comes too: 3 assessments"))
        let here = sandbox.run(["grades", "--format", "csv"]).output
        #expect(sandbox.run(["--class", "8B", "grades", "--format", "csv"]).output == here)
        #expect(
            sandbox.run(["--class", "8B", "scale", "show"]).output == sandbox.run(["scale", "show"]).output)
        #expect(sandbox.run(["--class", "8B", "undo"]).status == 0)
        #expect(sandbox.run(["--class", "8B", "assessment", "list"]).output.hasPrefix("No assessments yet."))
    }

    @Test("an export without its markbook beside it brings no marks, and leaves the class's own")
    func importWithoutMarkbook() throws {
        #expect(sandbox.run(["mark", "h1", "ada", "8"]).status == 0)
        let file = sandbox.folder.appendingPathComponent("class.json")
        #expect(sandbox.run(["export", "--output", file.path]).status == 0)
        try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("class.markbook.json"))
        #expect(sandbox.run(["mark", "h1", "ada", "3"]).status == 0)
        #expect(sandbox.run(["import", file.path]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file)[0].marks == ["a1": .points(Fraction(3))])
    }

    @Test(
        "grades, category list and --explain note weights that do not add up to 100, and what does not count")
    func notes() throws {
        #expect(sandbox.run(["assessment", "add", "Extra", "--out-of", "5"]).status == 0)
        #expect(sandbox.run(["category", "set", "Tests", "--weight", "60"]).status == 0)
        #expect(sandbox.run(["mark", "h1", "ada", "8"]).status == 0)
        let weights = "Note: the weights add up to 90, not 100; results use them as they stand.\n"
        let grades = sandbox.run(["grades"]).errorOutput
        #expect(grades == weights + "Note: Extra is in no weighted category and does not count.\n")
        #expect(sandbox.run(["category", "list"]).errorOutput == weights)
        #expect(sandbox.run(["grades", "--explain", "ada"]).output.hasSuffix(weights))
    }
}
