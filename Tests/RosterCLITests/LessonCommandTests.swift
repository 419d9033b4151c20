import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// pick and groups know who is in the room, and groups remember what came before.
@Suite("Lessons that remember")
struct LessonCommandTests {
    let sandbox: RosterSandbox
    static let names = (1...28).map { "Student \($0) Class" }

    init() throws {
        sandbox = try RosterSandbox()
        for (index, name) in Self.names.enumerated() {
            try sandbox.add(name, age: 12, ["--score", String(40 + index * 2)])
        }
        try sandbox.add("Ava Smith")
        try sandbox.add("Liam Jones")
    }

    @Test("students absent today are left out of pick and groups, with one line naming them")
    func absentLeftOut() throws {
        #expect(sandbox.run(["absent", "ava", "liam"]).status == 0)
        for seed in 1...28 {
            let pick = sandbox.run(["pick"], environment: ["ROSTER_SEED": String(seed)])
            #expect(pick.status == 0)
            #expect(!pick.output.contains("Ava") && !pick.output.contains("Liam"), "\(pick.output)")
            #expect(pick.errorOutput.hasPrefix("Left out, absent today: Ava Smith, Liam Jones.\n"))
        }
        let groups = sandbox.run(["groups", "--size", "4"])
        #expect(!groups.output.contains("Ava") && !groups.output.contains("Liam"))
        #expect(groups.errorOutput == "Left out, absent today: Ava Smith, Liam Jones.\n")
        let all = sandbox.run(["groups", "--size", "4", "--include-absent"])
        #expect(
            all.output.contains("Ava Smith") && all.output.contains("Liam Jones") && all.errorOutput.isEmpty)
        // Late students are in the room.
        #expect(sandbox.run(["absent", "ava", "--late"]).status == 0)
        #expect(sandbox.run(["groups", "--size", "4"]).output.contains("Ava Smith"))
    }

    @Test(
        "the register goes out in JSON and plist exports and comes back whole on import",
        arguments: ["json", "plist"])
    func registerRoundTrip(format: String) throws {
        #expect(sandbox.run(["absent", "ava", "--date", "2026-11-30", "--lesson", "Maths"]).status == 0)
        #expect(
            sandbox.run(["absent", "liam", "--date", "2026-11-30", "--excused", "--reason", "dentist – 9:00"])
                .status
                == 0)
        #expect(sandbox.run(["absent", "student 3 class", "--late", "--date", "2026-11-27"]).status == 0)
        let before = try StorageHandler.load(from: sandbox.file)
        let exported = sandbox.folder.appendingPathComponent("class.\(format)")
        #expect(sandbox.run(["export", "--format", format, "--output", exported.path]).status == 0)
        let copy = sandbox.folder.appendingPathComponent("copy.plist")
        let imported = sandbox.run(["--file", copy.path, "import", exported.path])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let after = try StorageHandler.load(from: copy)
        #expect(after == before)
        #expect(after.contains { !$0.attendance.isEmpty })
        // A spreadsheet of the same students, with no register, keeps every mark.
        let sheet = sandbox.folder.appendingPathComponent("class.csv")
        #expect(sandbox.run(["export", "--format", "csv", "--output", sheet.path]).status == 0)
        #expect(sandbox.run(["--file", copy.path, "import", sheet.path, "--replace"]).status == 0)
        #expect(try StorageHandler.load(from: copy) == before)
    }

    @Test("a register in a JSON import that is not lessons and marks is refused, naming the line")
    func badImportedRegister() throws {
        let file = sandbox.folder.appendingPathComponent("bad.json")
        let rows = [
            #"[{"name": "Ann", "age": 12, "register": {"someday": "absent"}},"#,
            #" {"name": "Bo", "age": 12, "register": {"2026-11-30": "away"}}]"#,
        ]
        try Data(rows.joined(separator: "\n").utf8).write(to: file)
        let before = sandbox.bytes()
        let result = sandbox.run(["import", file.path])
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("'someday', which is not a lesson"), "\(result.errorOutput)")
        #expect(
            result.errorOutput.contains("bad.json:2: The register is not an object of lessons and marks"),
            "\(result.errorOutput)")
        #expect(sandbox.bytes() == before)
    }

    @Test("pick --again puts the last pick back into the round and picks someone else")
    func pickAgain() throws {
        let first = sandbox.run(["pick"], environment: ["ROSTER_SEED": "4"]).output
        let again = sandbox.run(["pick", "--again"], environment: ["ROSTER_SEED": "4"])
        #expect(again.status == 0 && again.output != first)
        // The student who passed is still owed a turn in this round: 28 more picks reach them.
        var picked: [String] = []
        for seed in 0..<28 {
            picked.append(sandbox.run(["pick"], environment: ["ROSTER_SEED": "\(seed)"]).output)
        }
        #expect(picked.contains(first))
    }

    @Test("an apart set past its limit is refused at once, naming the limit, for apart, groups and seats")
    func apartLimit() throws {
        let many = (0...ClassGroups.largestApartSet).map { "Student \($0) Class" }
        let groups = sandbox.folder.appendingPathComponent(".students.plist.groups")
        let listed = many.joined(separator: ",")
        for command in [
            ["apart"] + many, ["groups", "--count", "2", "--apart", listed],
            ["seats", "--rows", "9", "--columns", "9", "--apart", listed],
        ] {
            let refused = sandbox.run(command)
            #expect(refused.status != 0)
            #expect(
                refused.errorLine.contains(
                    "holds at most \(ClassGroups.largestApartSet), and this one has 41"),
                "\(command[0]): \(refused.errorLine)")
        }
        #expect(!FileManager.default.fileExists(atPath: groups.path))
    }

    @Test("saved apart sets hold in every later grouping, over 20 seeds")
    func savedApart() throws {
        // One line each, as a pipe gets them; at a terminal a long list wraps (see NarrowTableTests).
        let wide = ["COLUMNS": "1000"]
        let kept = sandbox.run(
            ["apart", "Student 1 Class", "Student 2 Class", "student 3 class"], environment: wide)
        #expect(
            kept.output
                == "Keeping apart in every grouping: Student 1 Class, Student 2 Class, Student 3 Class.\n")
        #expect(
            sandbox.run(["apart", "--list"]).output == "Student 1 Class, Student 2 Class, Student 3 Class\n")
        for seed in 1...20 {
            let result = sandbox.run(
                ["groups", "--count", "3"], environment: wide.merging(["ROSTER_SEED": "\(seed)"]) { $1 })
            #expect(result.status == 0)
            for line in result.output.split(separator: "\n") {
                let members = line.split(separator: ":")[1].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                #expect(
                    members.filter { ["Student 1 Class", "Student 2 Class", "Student 3 Class"].contains($0) }
                        .count <= 1)
            }
        }
        #expect(sandbox.run(["apart", "--clear"]).output == "Forgot 1 set kept apart.\n")
        #expect(sandbox.run(["apart", "--list"]).output == "No students are kept apart.\n")
        #expect(sandbox.run(["apart", "ava"]).status == 64)
    }

    @Test("the next grouping avoids the partners of the last ones; --ignore-history starts fresh")
    func repeatedPartnersAvoided() throws {
        func pairs(_ output: String) -> Set<[String]> {
            var found: Set<[String]> = []
            for line in output.split(separator: "\n") {
                let members = line.split(separator: ":")[1].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.sorted()
                for (index, one) in members.enumerated() {
                    for other in members[(index + 1)...] { found.insert([one, other]) }
                }
            }
            return found
        }
        for seed in 1...5 {
            let environment = ["ROSTER_SEED": "\(seed)", "COLUMNS": "1000"]
            let first = pairs(
                sandbox.run(["groups", "--size", "5", "--ignore-history"], environment: environment).output)
            let second = pairs(sandbox.run(["groups", "--size", "5"], environment: environment).output)
            #expect(first.intersection(second).isEmpty, "seed \(seed)")
            let third = pairs(sandbox.run(["groups", "--size", "5"], environment: environment).output)
            #expect(third.intersection(second).isEmpty && third.intersection(first).isEmpty, "seed \(seed)")
        }
    }

    @Test("balanced groups differ by seed and stay balanced; --size 3 of 28 is eight of 3 and one of 4")
    func balancedAndSized() throws {
        var seen: Set<String> = []
        for seed in [1, 2, 3, 5, 9] {
            let result = sandbox.run(
                ["groups", "--size", "4", "--balance", "score", "--ignore-history", "--format", "json"],
                environment: ["ROSTER_SEED": "\(seed)"])
            let groups = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[[String: Any]]])
            seen.insert(result.output)
            let means = groups.map { group in
                let scores = group.compactMap { $0["score"] as? Double }
                return scores.reduce(0, +) / Double(scores.count)
            }
            // Scores 40 to 94, mean 67: each group within a few points.
            #expect(means.allSatisfy { abs($0 - 67) <= 3 }, "\(means)")
        }
        #expect(seen.count == 5)
        #expect(sandbox.run(["remove", "ava", "liam"]).status == 0)
        let sized = sandbox.run(["groups", "--size", "3", "--format", "json"])
        let groups = try #require(
            try JSONSerialization.jsonObject(with: Data(sized.output.utf8)) as? [[[String: Any]]])
        #expect(groups.map(\.count).sorted() == [3, 3, 3, 3, 3, 3, 3, 3, 4])
    }

    @Test("--balance on a field no student has is a note, and the groups are plain random")
    func balanceWithoutValues() throws {
        let result = sandbox.run(["groups", "--count", "3", "--balance", "grade"])
        #expect(result.status == 0)
        #expect(result.errorOutput == "Note: no student has a grade, so the groups are not balanced by it.\n")
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("Group ") }.count == 3)
    }
}
