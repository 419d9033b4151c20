import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite("import shows its change and refuses probable duplicates")
struct ImportChangeListTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for (name, age, score) in [
            ("Ada Lovelace", 12, "7.5"), ("Leo Martin", 13, "5"), ("Alan Turing", 13, "6"),
        ] {
            _ = try sandbox.add(name, age: age, ["--score", score])
        }
    }

    /// The roster exported as CSV rows, changed by `edit`, written back to `name`.
    private func roundTrip(_ name: String, _ edit: (inout [[String]]) -> Void) throws -> String {
        let exported = sandbox.folder.appendingPathComponent("export.csv")
        #expect(sandbox.run(["export", "--output", exported.path]).status == 0)
        var rows = try String(contentsOf: exported, encoding: .utf8).split(whereSeparator: \.isNewline)
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        edit(&rows)
        let path = sandbox.folder.appendingPathComponent(name).path
        try (rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--replace --dry-run lists who is added, leaving and changed, and writes nothing")
    func replaceDryRun() throws {
        let path = try roundTrip("class.csv") { rows in
            rows.removeAll { $0[1] == "Leo Martin" }
            rows[1][4] = "8"
            rows[2][1] = "001234"
            rows.append(["", "Zara Ahmed", "12", "", ""])
        }
        let before = sandbox.bytes()
        let result = sandbox.run(["import", path, "--replace", "--dry-run"])
        #expect(result.status == 0)
        #expect(
            result.output == """
                Would replace the roster with 3 students from \(path): 1 added, 1 leaving, 2 changed, \
                0 unchanged; nothing was written (dry run).
                Added:
                  Zara Ahmed, age 12
                Leaving:
                  Leo Martin, age 13
                Changed:
                  Ada Lovelace: score 7.5 -> 8
                  Alan Turing: name Alan Turing -> 001234

                """)
        #expect(sandbox.bytes() == before)
        let done = sandbox.run(["import", path, "--replace"])
        #expect(
            done.output.hasPrefix("Replaced the roster with 3 students from \(path): 1 added, 1 leaving,"))
        // Leo leaves, and stays in the file with his marks, after the file's students.
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students.map(\.name) == ["Ada Lovelace", "001234", "Zara Ahmed", "Leo Martin"])
        #expect(students.last?.left == SchoolDay.today())
        #expect(!sandbox.run(["list"]).output.contains("Leo Martin"))
    }

    @Test("without --replace, rows with a roster id update that student in its place")
    func mergeUpdates() throws {
        let path = try roundTrip("scores.csv") { rows in rows[3][4] = "9.25" }
        let result = sandbox.run(["import", path])
        #expect(
            result.output == """
                Imported 3 students from \(path): 0 added, 1 changed, 2 unchanged.
                Changed:
                  Alan Turing: score 6 -> 9.25

                """)
        let roster = try StorageHandler.load(from: sandbox.file)
        #expect(roster.map(\.name) == ["Ada Lovelace", "Leo Martin", "Alan Turing"])
        #expect(roster[2].score == 9.25)
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file)[2].score == 6)
    }

    @Test("--report json prints the change list for scripts, values typed")
    func jsonReport() throws {
        let path = try roundTrip("scores.csv") { rows in
            rows[1][3] = "7"
            rows.append(["", "Zara Ahmed", "12", "", ""])
        }
        let result = sandbox.run(["import", path, "--dry-run", "--report", "json"])
        #expect(result.status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["dryRun"] as? Bool == true)
        #expect((report["added"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Zara Ahmed"])
        #expect(report["unchanged"] as? Int == 2)
        let changed = try #require((report["changed"] as? [[String: Any]])?.first)
        let grade = (changed["changes"] as? [String: Any])?["grade"] as? [String: Any]
        #expect(grade?["old"] is NSNull)
        #expect(grade?["new"] as? Int == 7)
        #expect(sandbox.run(["import", path, "--report", "yaml"]).status == 64)
    }

    @Test(
        "a row without an id that fits two students or an earlier row is refused as file:line:, dry run alike"
    )
    func probableDuplicates() throws {
        #expect(sandbox.run(["add", "Ada Lovelace", "--age", "12"]).status == 0)
        let path = sandbox.folder.appendingPathComponent("hand.csv").path
        try "name,age\nada lovelace,12\nZoë Martin,11\nZOE MARTIN,11\nAda Lovelace,13\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let before = sandbox.bytes()
        let refused = sandbox.run(["import", path])
        #expect(refused.status == 1)
        let lines = refused.errorOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("\(path):2: ada lovelace, age 12, looks like Ada Lovelace (age 12, id "))
        #expect(lines[0].hasSuffix(") on the roster."))
        #expect(lines[1] == "\(path):4: ZOE MARTIN, age 11, looks like line 3 (Zoë Martin, age 11).")
        #expect(lines[2].hasPrefix("\(path):5: Ada Lovelace, age 13, looks like Ada Lovelace (age 12, id "))
        #expect(lines[3].hasPrefix("Error: Nothing was imported: 3 rows look like"))
        #expect(lines[3].contains("--allow-duplicates"))
        #expect(sandbox.bytes() == before)
        for arguments in [
            ["import", path, "--dry-run"], ["import", path, "--replace"],
            ["import", path, "--replace", "--dry-run"],
        ] {
            let again = sandbox.run(arguments)
            #expect(again.status == refused.status, "\(arguments)")
            #expect(again.errorOutput == refused.errorOutput, "\(arguments)")
            #expect(sandbox.bytes() == before)
        }

        let dryRun = sandbox.run(["import", path, "--dry-run", "--allow-duplicates"])
        #expect(
            dryRun.output.contains("Probable duplicates (refused without --allow-duplicates):\n  \(path):2:"))
        #expect(dryRun.output.contains("  \(path):4: ZOE MARTIN"))

        #expect(sandbox.run(["import", path, "--allow-duplicates"]).status == 0)
        #expect(try StorageHandler.load(from: sandbox.file).count == 8)
    }

    @Test("a long change list shows its first 50 students and says how many more; JSON lists all")
    func longList() throws {
        let path = sandbox.folder.appendingPathComponent("school.csv").path
        let rows = (1...105).map { "Student \($0),12\n" }.joined()
        try ("name,age\n" + rows).write(toFile: path, atomically: true, encoding: .utf8)
        let text = sandbox.run(["import", path, "--dry-run"]).output
        #expect(text.contains("  Student 50, age 12\n  … and 55 more; --report json lists every one.\n"))
        #expect(!text.contains("Student 51"))
        let json = sandbox.run(["import", path, "--dry-run", "--report", "json"]).output
        #expect(json.contains("\"Student 105\""))
    }
}
