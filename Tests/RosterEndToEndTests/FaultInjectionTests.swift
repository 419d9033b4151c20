import Foundation
import RosterTestSupport
import Testing

/// Every file-system call a change makes, failed in turn with EIO and killed there, as SQLite
/// tests its commit; `Scripts/fault_injection.py` says what is checked after each point.
@Suite("Fault injection")
struct FaultInjectionTests {
    @Test(
        "every change leaves the old or the new roster and a true history, whichever call fails",
        .enabled(if: installedTool("strace") != nil && installedTool("python3") != nil))
    func everyCallOfEveryChange() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/fault_injection.py")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-faults-\(UUID())")
        defer { try? FileManager.default.removeItem(at: work) }
        let process = Process()
        process.executableURL = installedTool("python3")
        var arguments = [script.path, RosterBinary.url.path, work.path]
        if ProcessInfo.processInfo.environment["ROSTER_FUZZ_SHORT"] != nil { arguments.append("--short") }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains(" passed, 0 failed"), "\(text)")
    }
}
