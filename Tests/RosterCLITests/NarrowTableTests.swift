import Foundation
import RosterEngine
import RosterTestSupport
import Testing

@testable import RosterCLI

/// At a narrow terminal, a table cuts its names to no fewer than 12 columns before it narrows or
/// leaves out a column of numbers, so that Oscar Smithson and Oscar Smythe stay told apart.
@Suite("Tables at a narrow terminal")
struct NarrowTableTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Oscar Smithson-Fairweather", "Oscar Smythe-Fairbanks", "Ada Lovelace"] {
            _ = try sandbox.add(name, age: 12, ["--score", "80", "--grade", "7"])
        }
        _ = sandbox.run(["absent", "oscar smithson", "--date", "2026-11-30"])
        _ = sandbox.run(["absent", "ada", "--date", "2026-12-01", "--late"])
    }

    @Test(
        "names keep 12 columns in every table with numbers, and no line is wider than the terminal",
        arguments: [40, 32, 26, 22])
    func namesKeepTwelve(width: Int) throws {
        let commands = [
            ["list"], ["register", "--from", "2026-11-30"], ["register", "--week", "2026-12-01"],
        ]
        for command in commands {
            let result = sandbox.run(command, environment: ["COLUMNS": String(width)])
            #expect(result.status == 0)
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.contains("Oscar Smiths") }, "\(command) at \(width):\n\(result.output)")
            #expect(
                lines.contains { $0.contains("Oscar Smythe") }, "\(command) at \(width):\n\(result.output)")
            for line in lines { #expect(DisplayWidth.of(line) <= width, "\(command) at \(width): \(line)") }
            let header = try #require(lines.first { $0.hasPrefix("NAME") })
            #expect(header.split(separator: " ").count >= 2, "\(command) keeps a column beside the names")
        }
    }

    @Test("the columns that go first: the grade, the excused and late counts, days without a register")
    func whatGoesFirst() {
        let list = sandbox.run(["list"], environment: ["COLUMNS": "30"]).output
        #expect(list.hasPrefix("NAME"))
        #expect(!list.contains("GRADE") && list.contains("SCORE") && list.contains("AGE"))
        let range = sandbox.run(["register", "--from", "2026-11-30"], environment: ["COLUMNS": "36"]).output
        #expect(!range.contains("EXC") && !range.contains("LATE") && range.contains("RATE"), "\(range)")
        let week = sandbox.run(["register", "--week", "2026-12-01"], environment: ["COLUMNS": "30"]).output
        #expect(week.contains("30  01  TOTAL"), "\(week)")
    }

    @Test(
        "the history, a day's register, groups and apart fit the terminal, lists of names wrapping at words",
        arguments: [40, 30])
    func historyAndDayFit(width: Int) throws {
        let long = "Maximiliana Featherstonehaugh-Okonkwo"
        _ = try sandbox.add(long, age: 12, ["--joined", "2026-11-01"])
        let absent = sandbox.run(["absent", "maximiliana", "oscar smythe", "ada", "--date", "2026-12-02"])
        #expect(absent.status == 0, "\(absent.errorOutput)")
        _ = sandbox.run(["edit", "ada", "--score", "50"])
        _ = sandbox.run(["undo"])
        let history = sandbox.run(["history"], environment: ["COLUMNS": String(width)]).output
        let register = sandbox.run(
            ["register", "--date", "2026-12-02"], environment: ["COLUMNS": String(width)])
        #expect(register.status == 0)
        let columns = ["COLUMNS": String(width)]
        let groups = sandbox.run(["groups", "--size", "2"], environment: columns).output
        let apart = sandbox.run(["apart", "maximiliana", "oscar smythe"], environment: columns).output
        #expect(groups.contains("Group 2:") && apart.contains("Keeping apart"))
        for line in (history + register.output + groups + apart).split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "at \(width): \(line)")
        }
        #expect(history.contains("  (undone) "), "\(history)")
        let words = register.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains("Absent: Ada Lovelace, \(long), Oscar Smythe-Fairbanks"), "\(register.output)")
    }
}
