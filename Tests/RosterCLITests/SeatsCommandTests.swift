import Foundation
import RosterEngine
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// `roster seats`: a plan made with rules, shown as the class and the teacher see the room, in
/// every format, swapped, and refused with one clear line when it cannot be.
@Suite("Seating plan command")
struct SeatsCommandTests {
    let sandbox: RosterSandbox
    static let names = ["Ada Lovelace", "Ben Ng", "Cleo Park", "Dev Patel", "Eve Ono", "Finn Roe", "Gus Tan"]

    init() throws {
        sandbox = try RosterSandbox()
        for name in Self.names { try sandbox.add(name) }
    }

    /// The seats a plan gives, by name, from `seats --format csv`.
    func seats() throws -> [String: (row: Int, column: Int)] {
        let csv = sandbox.run(["seats", "--format", "csv"])
        try #require(csv.status == 0, "\(csv.errorOutput)")
        var seats: [String: (row: Int, column: Int)] = [:]
        for line in csv.output.split(separator: "\r\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 3).map(String.init)
            seats[fields[3]] = (Int(fields[0]) ?? 0, Int(fields[1]) ?? 0)
        }
        return seats
    }

    @Test("a plan seats everyone once, the front row's students in row 1, kept-apart ones apart")
    func make() throws {
        #expect(sandbox.run(["apart", "ada", "ben"]).status == 0)
        for seed in 1...8 {
            let made = sandbox.run(
                ["seats", "--rows", "3", "--columns", "3", "--front", "dev,eve", "--apart", "finn,gus"],
                environment: ["ROSTER_SEED": String(seed)])
            #expect(made.status == 0, "\(made.errorOutput)")
            #expect(made.output.hasPrefix("Seating plan: 3 rows of 3 seats, 7 students seated\n"))
            let seats = try seats()
            #expect(Set(seats.keys) == Set(Self.names))
            #expect(seats["Dev Patel"]?.row == 1 && seats["Eve Ono"]?.row == 1)
            for (one, other) in [("Ada Lovelace", "Ben Ng"), ("Finn Roe", "Gus Tan")] {
                let (a, b) = (try #require(seats[one]), try #require(seats[other]))
                #expect(abs(a.row - b.row) + abs(a.column - b.column) != 1, "seed \(seed): \(one), \(other)")
            }
        }
    }

    @Test("the class's view has the front at the bottom; the teacher's at the top, left and right swapped")
    func views() throws {
        #expect(
            sandbox.run(["seats", "--rows", "3", "--columns", "3"], environment: ["ROSTER_SEED": "5"]).status
                == 0)
        let seats = try seats()
        let front = try #require(seats.first { $0.value == (1, 1) }?.key)
        let rightFront = try #require(seats.first { $0.value == (1, 3) }?.key)
        let classView = sandbox.run(["seats"]).output.split(separator: "\n").map(String.init)
        #expect(classView.last?.contains("front: the board") == true)
        #expect(classView[classView.count - 2].hasPrefix("row 1  \(front)"))
        #expect(classView[1].hasPrefix("row 3"))
        let teacherView = sandbox.run(["seats", "--teacher-view"]).output.split(separator: "\n").map(
            String.init)
        #expect(teacherView[1].contains("front: the board"))
        #expect(teacherView[2].hasPrefix("row 1  \(rightFront)"))
        #expect(teacherView[2].hasSuffix(front))
        for line in classView + teacherView { #expect(DisplayWidth.of(line) <= 80) }
    }

    @Test("the grid fits a narrow terminal, and a room too wide becomes a seat a line")
    func narrow() throws {
        #expect(sandbox.run(["seats", "--rows", "1", "--columns", "7"]).status == 0)
        let narrow = sandbox.run(["seats"], environment: ["COLUMNS": "50"]).output
        for line in narrow.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 50) }
        #expect(narrow.contains("…"))
        let tiny = sandbox.run(["seats"], environment: ["COLUMNS": "30"]).output
        #expect(tiny.contains("row 1, seat 7: "))
        #expect(tiny.split(separator: "\n").count == 8)
    }

    @Test("--swap exchanges two seats and keeps them so")
    func swap() throws {
        #expect(sandbox.run(["seats", "--rows", "3", "--columns", "3"]).status == 0)
        let before = try seats()
        let swapped = sandbox.run(["seats", "--swap", "ada", "gus"])
        #expect(swapped.status == 0)
        let after = try seats()
        #expect(after["Ada Lovelace"]! == before["Gus Tan"]! && after["Gus Tan"]! == before["Ada Lovelace"]!)
        #expect(after["Ben Ng"]! == before["Ben Ng"]!)
        for refused in [
            ["seats", "--swap", "ada"], ["seats", "ada", "ben"], ["seats", "--swap", "ada", "ada"],
        ] {
            let result = sandbox.run(refused)
            #expect(result.status != 0, "\(refused)")
            #expect(result.errorLine.hasPrefix("Error: "))
            #expect(try seats().mapValues { "\($0)" } == after.mapValues { "\($0)" })
        }
    }

    @Test("students who join take free seats and those who leave free theirs, with a note")
    func settle() throws {
        #expect(sandbox.run(["seats", "--rows", "3", "--columns", "3"]).status == 0)
        #expect(sandbox.run(["remove", "ada"]).status == 0)
        try sandbox.add("Zed Adams")
        let shown = sandbox.run(["seats"])
        #expect(shown.status == 0)
        #expect(shown.errorOutput.contains("Note: 1 student has left the class; that seat is free now."))
        #expect(shown.errorOutput.contains("Note: Zed Adams joined since and sits in row "))
        #expect(shown.output.contains("Zed Adams") && !shown.output.contains("Ada Lovelace"))
        #expect(sandbox.run(["seats"]).errorOutput.isEmpty)
    }

    @Test("impossible plans and wrong options are refused with one Error line, keeping the old plan")
    func refusals() throws {
        let none = sandbox.run(["seats"])
        #expect(none.status == 1)
        #expect(
            none.errorOutput
                == "Error: The class has no seating plan yet. Make one with 'roster seats --rows <n> --columns <n>'.\n"
        )
        #expect(sandbox.run(["seats", "--rows", "3", "--columns", "3"]).status == 0)
        let kept = sandbox.run(["seats", "--format", "json"]).output
        let cases: [([String], Int32, String)] = [
            (["seats", "--rows", "2", "--columns", "3"], 1, "6 seats for 7 students: 1 seat is missing"),
            (
                ["seats", "--rows", "4", "--columns", "2", "--front", "ada,ben,cleo"], 1,
                "front row, which has 2 seats"
            ),
            (
                ["seats", "--rows", "1", "--columns", "7", "--apart", "ada,ben,cleo,dev,eve"], 1,
                "cannot all be seated apart"
            ),
            (["seats", "--rows", "101", "--columns", "3"], 64, "at most 100 rows"),
            (["seats", "--rows", "3", "--columns", "0"], 64, "1 or more"),
            (["seats", "--rows", "3"], 64, "needs both --rows <n> and --columns <n>"),
            (["seats", "--front", "ada"], 64, "rules for a new plan"),
            (["seats", "--rows", "3", "--columns", "3", "--front", "nobody"], 1, "nobody"),
            (["seats", "--format", "html", "--output", "plan.pdf"], 64, "name the file with .html"),
            (["seats", "--output", "plan.html"], 64, "give the --format the file is named for"),
        ]
        for (arguments, status, words) in cases {
            let result = sandbox.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.errorOutput)")
            #expect(
                result.errorLine.hasPrefix("Error: ") && result.errorOutput.contains(words), "\(arguments)")
            #expect(!result.errorOutput.contains("\u{1B}"))
        }
        #expect(sandbox.run(["seats", "--format", "json"]).output == kept)
    }

    @Test("JSON and CSV give each taken seat; the page is a grid with the board, names as text")
    func formats() throws {
        try sandbox.add("<script>alert(1)</script>")
        #expect(sandbox.run(["seats", "--rows", "2", "--columns", "4"]).status == 0)
        let json = try JSONSerialization.jsonObject(
            with: Data(sandbox.run(["seats", "--format", "json"]).output.utf8))
        let room = try #require(json as? [String: Any])
        #expect(room["rows"] as? Int == 2 && room["columns"] as? Int == 4)
        #expect((room["seats"] as? [[String: Any]])?.count == 8)
        let page = sandbox.run(["seats", "--format", "html"]).output
        #expect(page.components(separatedBy: "<div class=\"seat\"").count - 1 == 8)
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !page.contains("<script"))
        #expect(page.contains("grid-template-columns: repeat(4, 1fr); grid-auto-rows: 22mm; font-size: 14pt"))
        // The board is below the room for the class, above it for the teacher.
        #expect(page.range(of: "class=\"board\"")!.lowerBound > page.range(of: "class=\"room\"")!.lowerBound)
        let teacher = sandbox.run(["seats", "--format", "html", "--teacher-view"]).output
        #expect(
            teacher.range(of: "class=\"board\"")!.lowerBound < teacher.range(of: "class=\"room\"")!.lowerBound
        )
        let file = sandbox.folder.appendingPathComponent("plan.html")
        let written = sandbox.run(["seats", "--format", "html", "--output", file.path])
        #expect(written.output == "Wrote the seating plan to \(file.path).\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == page)
    }
}
