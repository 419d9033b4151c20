import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// A markbook is a file beside the roster that anyone who can write there could craft: every
/// entry is checked before use, names and letters follow `add`'s rules, and what roster writes
/// as CSV reads back to the same values.
@Suite("Crafted markbooks, hostile names and round trips")
struct CraftedMarkbookTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        try sandbox.add("Ada Lovelace")
        #expect(sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10"]).status == 0)
        #expect(sandbox.run(["mark", "q1", "ada", "8"]).status == 0)
    }

    private var markbookPath: String {
        sandbox.folder.appendingPathComponent(".students.plist.markbook").path
    }

    /// Writes a markbook of `assessments`, `categories`, `scale` and `nextNumber` as a binary
    /// property list, which can hold any character.
    private func craft(
        assessments: [[String: Any]] = [["id": "a1", "name": "Quiz 1", "outOf": "10"]],
        categories: [[String: Any]] = [], scale: [String: Any]? = nil, nextNumber: Int = 2
    ) throws {
        var book: [String: Any] = [
            "assessments": assessments, "categories": categories, "nextNumber": nextNumber,
        ]
        book["scale"] = scale
        let data = try PropertyListSerialization.data(fromPropertyList: book, format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: markbookPath))
    }

    /// Each crafted markbook, with the words its error must hold.
    static var crafted: [(String, [[String: Any]], [[String: Any]], [String: Any]?, Int)] {
        [
            (
                "two assessments with the id a1",
                [
                    ["id": "a1", "name": "Quiz 1", "outOf": "10"],
                    ["id": "a1", "name": "Quiz 2", "outOf": "10"],
                ], [], nil, 3
            ),
            (
                "at assessments 1 outOf, '170141183460469231731687303715884105727' is not a number",
                [["id": "a1", "name": "Quiz 1", "outOf": "170141183460469231731687303715884105727"]], [], nil,
                2
            ),
            (
                "at assessments 1 outOf, '-170141183460469231731687303715884105728' is not a number",
                [["id": "a1", "name": "Quiz 1", "outOf": "-170141183460469231731687303715884105728/1"]], [],
                nil, 2
            ),
            ("a maximum out of range", [["id": "a1", "name": "Quiz 1", "outOf": "0"]], [], nil, 2),
            (
                "a weight or drop count out of range", [["id": "a1", "name": "Quiz 1", "outOf": "10"]],
                [["name": "Homework", "weight": "-1/1", "dropLowest": 0]], nil, 2
            ),
            (
                "at categories 1 weight, '1701411834604692317316873037158841057/1' is not a number",
                [["id": "a1", "name": "Quiz 1", "outOf": "10"]],
                [["name": "Homework", "weight": "1701411834604692317316873037158841057/1", "dropLowest": 0]],
                nil, 2
            ),
            (
                "a weight or drop count out of range", [["id": "a1", "name": "Quiz 1", "outOf": "10"]],
                [["name": "Homework", "dropLowest": Int.max]], nil, 2
            ),
            ("a next id out of range", [["id": "a1", "name": "Quiz 1", "outOf": "10"]], [], nil, Int.max),
            (
                "with a Canvas number that is not one",
                [["id": "a1", "name": "Quiz 1", "outOf": "10", "canvasID": "../12"]], [], nil, 2
            ),
            ("is not one roster gave", [["id": "a1", "name": "Quiz 1", "outOf": "10"]], [], nil, 1),
            ("is not one roster gave", [["id": "a01", "name": "Quiz 1", "outOf": "10"]], [], nil, 5),
            (
                "a name that cannot be typed", [["id": "a1", "name": "Quiz\u{1B}[2J", "outOf": "10"]], [],
                nil, 2
            ),
            (
                "a name that cannot be typed", [["id": "a1", "name": "\u{202E}1 ziuQ", "outOf": "10"]], [],
                nil, 2
            ),
            (
                "a letter scale that cannot be typed", [["id": "a1", "name": "Quiz 1", "outOf": "10"]], [],
                ["steps": [["letter": "A\u{1B}[31m", "from": "0"]]], 2
            ),
            (
                "a letter scale that cannot be typed", [["id": "a1", "name": "Quiz 1", "outOf": "10"]], [],
                ["steps": [["letter": "A", "from": "50"]]], 2
            ),
        ]
    }

    @Test("a crafted markbook is damaged, never a trap: one Error: line naming the file and the entry")
    func craftedMarkbooks() throws {
        for (problem, assessments, categories, scale, next) in Self.crafted {
            try craft(assessments: assessments, categories: categories, scale: scale, nextNumber: next)
            for command in [
                ["grades"], ["grades", "--explain", "ada"], ["list"],
                ["assessment", "add", "New", "--out-of", "5"],
                ["mark", "q1", "ada", "9"], ["report", "ada"], ["scale", "show"], ["category", "list"],
            ] {
                let result = sandbox.run(command)
                #expect(result.status == 1, "\(problem): \(command): \(result.output)")
                #expect(
                    result.errorOutput.hasPrefix(
                        "Error: '\(markbookPath)', kept beside the roster, is damaged"))
                #expect(result.errorOutput.contains(problem), "\(problem): \(result.errorOutput)")
                #expect(result.errorOutput.split(separator: "\n").count == 1)
            }
        }
    }

    @Test("a mark kept in a student's record past every bound is not read as a mark")
    func craftedMarks() throws {
        var students = try StorageHandler.load(from: sandbox.file)
        students[0].marks["a1"] = nil
        try StorageHandler.save(students, to: sandbox.file)
        // A record holding 999,999,999,999 points on every assessment: refused as the file is read.
        let data = try PropertyListSerialization.data(
            fromPropertyList: [
                [
                    "id": students[0].id.uuidString, "name": "Ada", "age": "12",
                    "marks": ["a1": "999999999999"],
                ]
            ],
            format: .binary, options: 0)
        try data.write(to: sandbox.file)
        let result = sandbox.run(["grades"])
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: The roster file"), "\(result.errorOutput)")
    }

    @Test(
        "assessment, category and letter names follow add's rules at the command line: exit 64",
        arguments: [
            ["assessment", "add", "Quiz\u{1B}[31m", "--out-of", "10"],
            ["assessment", "rename", "q1", "A\u{2028}B"],
            ["category", "set", "\u{202E}krowemoH"],
            ["assessment", "add", "Test", "--out-of", "5", "--category", "Home\u{7}"],
            ["scale", "set", "A\u{1B}:50 B:0"],
        ])
    func hostileNamesRefused(command: [String]) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: markbookPath))
        let result = sandbox.run(command)
        #expect(result.status == 64, "\(command): \(result.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: markbookPath)) == before)
    }

    @Test("an assessment named by a CSV header with a control character is refused by column")
    func hostileHeader() throws {
        let file = sandbox.folder.appendingPathComponent("marks.csv")
        try Data("Name,Quiz 1,Q\u{1B}[1m\nAda Lovelace,9,3\n".utf8).write(to: file)
        let result = sandbox.run(["import", file.path, "--marks"])
        #expect(result.status == 1)
        #expect(
            (result.output + result.errorOutput).contains("column 3 is named 'Q\\u{1B}[1m'"),
            "\(result.output)")
        #expect(try StorageHandler.markbook(from: sandbox.file)?.assessments.count == 1)
    }

    @Test("grades --format csv, imported back with --marks, changes nothing: the formula guard is removed")
    func gradesRoundTrip() throws {
        try sandbox.add("=Bob Sum", age: 13)
        for name in ["=Total", "+Extra", "@Home"] {
            #expect(sandbox.run(["assessment", "add", name, "--out-of", "10"]).status == 0)
        }
        #expect(sandbox.run(["mark", "=total", "ada", "8", "sum", "6"]).status == 0)
        let exported = sandbox.run(["grades", "--format", "csv"])
        #expect(exported.output.contains("'=Total"))
        let file = sandbox.folder.appendingPathComponent("grades.csv")
        try Data(exported.output.utf8).write(to: file)
        let (book, roster) = (
            try StorageHandler.markbook(from: sandbox.file), try Data(contentsOf: sandbox.file)
        )
        let steps = try StorageHandler.history(at: sandbox.file).count
        let imported = sandbox.run(["import", file.path, "--marks"])
        #expect(imported.status == 0, "\(imported.output)\(imported.errorOutput)")
        #expect(try StorageHandler.markbook(from: sandbox.file) == book)
        #expect(try Data(contentsOf: sandbox.file) == roster)
        #expect(try StorageHandler.history(at: sandbox.file).count == steps)
    }

    @Test("names from the roster file go through every markbook output escaped")
    func hostileStudentNamesInEveryOutput() throws {
        var students = try StorageHandler.load(from: sandbox.file)
        students[0].name = "\u{1B}]0;pwned\u{7}Ada\u{202E}\u{2028}x"
        try StorageHandler.save(students, to: sandbox.file)
        #expect(sandbox.run(["scale", "set", "A:80 B:0"]).status == 0)
        #expect(sandbox.run(["category", "set", "Homework", "--weight", "50"]).status == 0)
        let id = students[0].id.uuidString
        for command in [
            ["grades"], ["grades", "--format", "csv"], ["grades", "--format", "json"],
            ["grades", "--format", "html"],
            ["grades", "--explain", id], ["report", id], ["scale", "show"], ["assessment", "list"],
            ["category", "list"],
        ] {
            let run = sandbox.run(command)
            #expect(run.status == 0, "\(command): \(run.errorOutput)")
            let raw = (run.output + run.errorOutput).unicodeScalars.filter {
                VisibleText.isControl($0) && $0 != "\n" && $0 != "\r"
            }
            #expect(raw.isEmpty, "\(command): \(raw.map { String($0.value, radix: 16) }) in \(run.output)")
        }
    }
}
