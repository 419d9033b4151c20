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
}
