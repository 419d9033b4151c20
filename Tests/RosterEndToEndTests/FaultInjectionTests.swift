import Foundation
import RosterTestSupport
import Testing

/// Every file-system call a change makes, failed in turn with EIO and killed there, as SQLite
/// tests its commit; `Scripts/fault_injection.py` (one roster) and `Scripts/class_faults.py`
/// (several classes) say what is checked after each point. Every point runs with
/// `ROSTER_FULL_TESTS=1`; `swift test` alone tries the first two of each call.
@Suite("Fault injection and races")
struct FaultInjectionTests {
    @Test(
        "every change leaves the old or the new roster and a true history, whichever call fails",
        .enabled(if: installedTool("strace") != nil && installedTool("python3") != nil))
    func everyCallOfEveryChange() throws {
        try runScript("fault_injection.py")
    }

    @Test(
        "a move, rename, delete or restore leaves every class old or every class new, whichever call fails",
        .enabled(if: installedTool("strace") != nil && installedTool("python3") != nil))
    func everyCallOfEveryChangeOfSeveralFiles() throws {
        try runScript("class_faults.py")
    }

    @Test(
        "commands racing over two classes lose and duplicate no student, and a success is never lost",
        .enabled(if: installedTool("python3") != nil))
    func racesOverSeveralClasses() throws {
        try runScript("class_races.py", expecting: ", 0 broken", rounds: TestSweep.isFull ? "40" : "6")
    }

    /// Runs one of the scripts beside this file on the built binary, in a folder of its own.
    private func runScript(
        _ name: String, expecting verdict: String = " passed, 0 failed", rounds: String? = nil
    )
        throws
    {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/" + name)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-faults-\(UUID())")
        defer { try? FileManager.default.removeItem(at: work) }
        let process = Process()
        process.executableURL = installedTool("python3")
        var arguments = [script.path, RosterBinary.url.path, work.path] + (rounds.map { [$0] } ?? [])
        // A short run (see TestSweep) tries the first two points of each call.
        if TestSweep.isShort, rounds == nil {
            arguments.append("--short")
        }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains(verdict), "\(text)")
    }
}
