import Foundation
import RosterTestSupport
import Testing

/// `register --take` at a real terminal: one key a student, without Enter, through a
/// pseudo-terminal, as a teacher presses them.
@Suite("The roll call at a terminal", .enabled(if: installedTool("python3") != nil))
struct RollCallTerminalTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { try sandbox.add(name) }
    }

    /// Presses `steps` at `roster register --take --date 2026-11-30`; returns the screen and status.
    private func press(_ steps: [[String]]) throws -> (screen: String, status: Int) {
        let file = sandbox.folder.appendingPathComponent("steps.json")
        try JSONEncoder().encode(steps).write(to: file)
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/press_keys.py")
        let result = try RosterBinary.run(
            [driver.path, file.path, RosterBinary.url.path, "register", "--take", "--date", "2026-11-30"],
            environment: sandbox.environment, executable: try #require(installedTool("python3")).path)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
            "\(result.errorOutput)")
        return (object["screen"] as? String ?? "", object["status"] as? Int ?? -1)
    }

    private func register() -> String {
        sandbox.run(["register", "--date", "2026-11-30"]).output
    }

    @Test("single keys mark each student; b goes back and shows the earlier mark; a header and a summary")
    func singleKeys() throws {
        let (screen, status) = try press([
            ["1/3 Ada Lovelace: ", "a"], ["2/3 Alan Turing: ", "p"], ["3/3 Grace Hopper: ", "b"],
            ["2/3 Alan Turing (present): ", "l"], ["3/3 Grace Hopper: ", "\r"],
        ])
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("Roll call for students.plist, 2026-11-30: 3 students."))
        #expect(screen.contains("Recorded the register for 2026-11-30: 1 present, 1 absent, 1 late."))
        #expect(screen.contains("Absent: Ada Lovelace") && screen.contains("Late: Alan Turing"))
        #expect(register().contains("Register for 2026-11-30: 1 present, 1 absent, 1 late."))
        // Calling it again warns, and shows each mark already given.
        let (again, againStatus) = try press([
            ["already taken", ""], ["1/3 Ada Lovelace (absent): ", "q"], ["[y/N] ", "n"],
        ])
        #expect(againStatus == 1 && again.contains("Stopped; nothing was recorded."), "\(again)")
        #expect(register().contains("1 absent, 1 late"))
    }

    @Test(
        "Ctrl-C stops with exit 130 and q, declined, with exit 1, and nothing is recorded; q, accepted, records"
    )
    func stopping() throws {
        let (interrupted, status) = try press([
            ["1/3 Ada Lovelace: ", "a"], ["2/3 Alan Turing: ", "\u{03}"],
        ])
        #expect(status == 130, "\(interrupted)")
        #expect(interrupted.contains("Stopped; nothing was recorded."))
        #expect(register() == "The register was not taken on 2026-11-30.\n")
        let (quit, quitStatus) = try press([["1/3 Ada Lovelace: ", "q"], ["[y/N] ", "n"]])
        #expect(quitStatus == 1 && quit.contains("Stopped; nothing was recorded."))
        #expect(register() == "The register was not taken on 2026-11-30.\n")
        let (kept, keptStatus) = try press([
            ["1/3 Ada Lovelace: ", "a"], ["2/3 Alan Turing: ", "q"], ["[y/N] ", "y"],
        ])
        #expect(keptStatus == 0, "\(kept)")
        #expect(register().contains("Register for 2026-11-30: 2 present, 1 absent."))
    }
}
