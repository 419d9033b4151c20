import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// `roster watch` against a worked week: Ada misses the last three lessons, Bo is late three
/// times, Cy has two pieces of work missing.
@Suite("The watch list")
struct WatchListTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Bo Chen", "Cy Diaz"] {
            _ = try sandbox.add(name, age: 12, ["--joined", "2026-09-01"])
        }
        let week: [[String]] = [
            ["present", "--date", "2026-11-02"], ["absent", "bo", "--late", "--date", "2026-11-03"],
            ["absent", "ada", "--excused", "--date", "2026-11-04"],
            ["absent", "ada", "--date", "2026-11-05"],
            ["absent", "bo", "--late", "--date", "2026-11-05"], ["absent", "ada", "--date", "2026-11-06"],
            ["absent", "bo", "--late", "--date", "2026-11-06"],
            ["assessment", "add", "Q1", "--out-of", "10"], ["assessment", "add", "Q2", "--out-of", "10"],
            ["mark", "q1", "cy", "missing", "bo", "missing", "ada", "5"], ["mark", "q2", "cy", "missing"],
        ]
        for command in week {
            let result = sandbox.run(command)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
        }
    }

    @Test("each student with every reason, worked out by hand")
    func workedExample() throws {
        let list = sandbox.run(["watch", "--to", "2026-11-06"])
        #expect(list.status == 0, "\(list.errorOutput)")
        #expect(
            list.output == """
                Ada Lovelace: 3 lessons missed in a row since 2026-11-04; attendance 40% of 5 lessons, under 90%
                Bo Chen: late 3 times
                Cy Diaz: 2 pieces of work missing: Q1, Q2

                """, "\(list.output)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(sandbox.run(["watch", "--format", "json"]).output.utf8))
                as? [[String: Any]])
        #expect(json.map { $0["name"] as? String } == ["Ada Lovelace", "Bo Chen", "Cy Diaz"])
        let csv = sandbox.run(["watch", "--format", "csv"]).output.components(separatedBy: "\r\n")
        #expect(csv.first == "id,name,reason,detail" && csv.count == 6, "\(csv)")
        // Two lessons missed of two: not yet three in a row, and too few lessons for a rate.
        let range = sandbox.run(["watch", "--from", "2026-11-05", "--to", "2026-11-06"]).output
        #expect(range == "Cy Diaz: 2 pieces of work missing: Q1, Q2\n", "\(range)")
    }

    @Test("the thresholds are the class's, one undo step each, checked")
    func thresholds() throws {
        let set = sandbox.run(["watch", "--set", "absences=4", "--set", "rate=30"])
        #expect(set.status == 0, "\(set.errorOutput)")
        #expect(set.output.contains("4 absences in a row, attendance under 30%"))
        #expect(!sandbox.run(["watch"]).output.contains("Ada Lovelace"))
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(sandbox.run(["watch"]).output.contains("Ada Lovelace"))
        let unknown = sandbox.run(["watch", "--set", "lateness=2"])
        #expect(unknown.status == 64 && unknown.errorLine.contains("no watch threshold 'lateness'"))
        let range = sandbox.run(["watch", "--set", "rate=0"])
        #expect(range.status == 64 && range.errorLine.contains("from 1 to 100"))
        for malformed in ["absences", "absences=x", "=4"] {
            let refused = sandbox.run(["watch", "--set", malformed])
            #expect(
                refused.status == 64 && refused.errorLine.contains("is invalid for '--set <name=n>'"),
                "\(refused.errorOutput)")
        }
        #expect(sandbox.run(["watch", "--set", "rate=80", "--format", "json"]).status == 64)
    }

    @Test("a day's register ends with a note naming who on it is on the watch list")
    func registerNote() throws {
        let day = sandbox.run(["register", "--date", "2026-11-06"])
        #expect(day.status == 0)
        #expect(
            day.errorOutput.contains(
                "Note: on the watch list ('roster watch' says why): Ada Lovelace, Bo Chen, Cy Diaz."),
            "\(day.errorOutput)")
    }
}
