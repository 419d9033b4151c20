import Foundation
import RosterTestSupport
import Testing

/// `mark --take` at a real terminal, through a pseudo-terminal: a value and Enter for each
/// student, as a teacher types them, and Ctrl-C, which is the terminal's own interrupt.
@Suite("Taking marks at a terminal", .enabled(if: installedTool("python3") != nil))
struct MarkTakingTerminalTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { try sandbox.add(name) }
        let made = sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10"])
        #expect(made.status == 0, "\(made.errorOutput)")
    }

    /// Types `steps` at `roster mark "Quiz 1" --take`; returns the screen and the exit status.
    private func type(_ steps: [[String]]) throws -> (screen: String, status: Int) {
        let file = sandbox.folder.appendingPathComponent("steps.json")
        try JSONEncoder().encode(steps).write(to: file)
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/press_keys.py")
        let result = try RosterBinary.run(
            [driver.path, file.path, RosterBinary.url.path, "mark", "Quiz 1", "--take"],
            environment: sandbox.environment, executable: try #require(installedTool("python3")).path)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
            "\(result.errorOutput)")
        return (object["screen"] as? String ?? "", object["status"] as? Int ?? -1)
    }

    private func marks() -> String {
        sandbox.run(["grades", "--format", "csv"]).output
    }

    @Test("Ctrl-C while marks are typed ends roster at once and records none of them")
    func interrupted() throws {
        let before = marks()
        let (screen, status) = try type([
            ["1/3 Ada Lovelace (blank now): ", "7\r"], ["2/3 Alan Turing (blank now): ", "\u{03}"],
        ])
        // The terminal turns Ctrl-C into SIGINT, whose default ends the process before anything is written.
        #expect(status == -2 || status == 130, "\(screen)")
        #expect(marks() == before)
        #expect(sandbox.run(["history"]).output.contains("mark") == false)
    }

    @Test("values typed down the class, Enter keeping a mark, are recorded as one change")
    func typedDownTheClass() throws {
        let (screen, status) = try type([
            ["1/3 Ada Lovelace (blank now): ", "7\r"], ["2/3 Alan Turing (blank now): ", "x\r"],
            ["3/3 Grace Hopper (blank now): ", "\r"],
        ])
        #expect(status == 0, "\(screen)")
        let grades = marks()
        #expect(grades.contains("Ada Lovelace,") && grades.contains(",7,"), "\(grades)")
        #expect(grades.contains("Alan Turing,") && grades.contains(",EX,"), "\(grades)")
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(!marks().contains(",7,"))
    }
}
