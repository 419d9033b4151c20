import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When standard output fails after a change was saved, the error says what was saved, so a
/// script does not make it twice; a pick that could not be shown keeps the student's turn.
@Suite("Output after a saved change")
struct SavedChangeTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    /// Runs the tool in-process with standard output going to `/dev/full`.
    private func runIntoFullDisk(_ arguments: [String]) throws -> RunResult {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        return runTool(arguments, sandbox: sandbox, outputDescriptor: full)
    }

    @Test(
        "a change whose confirmation cannot be written names the change, in one Error: line",
        arguments: [
            (["add", "Ada Lovelace", "--age", "12"], "Ada Lovelace was added"),
            (["edit", "alan", "--score", "90"], "Alan Turing was updated"),
            (["remove", "alan"], "The removal of 1 student (Alan Turing) was saved"),
            (["absent", "alan"], "Alan Turing marked absent on"),
            (["undo"], "The add was undone"),
        ])
    func namesTheChange(command: [String], said: String) throws {
        try sandbox.add("Alan Turing")
        let before = try StorageHandler.history(at: sandbox.file).count
        let result = try runIntoFullDisk(command)
        #expect(result.status == 1)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.errorOutput)")
        #expect(result.errorLine.hasPrefix("Error: " + said), "\(result.errorOutput)")
        #expect(result.errorLine.contains("its confirmation could not be written: No space left on device"))
        let after = try StorageHandler.history(at: sandbox.file)
        if command != ["undo"] { #expect(after.count == before + 1) } else { #expect(after[0].isUndone) }
    }

    @Test("a read-only command whose output fails says that nothing more was written")
    func nothingSaved() throws {
        try sandbox.add("Alan Turing")
        let result = try runIntoFullDisk(["list"])
        #expect(result.errorLine.hasPrefix("Error: Could not write the output: No space left on device."))
        #expect(result.errorLine.contains("free some space"))
    }

    @Test("a pick that cannot be shown keeps the student's turn")
    func pickKeepsTurn() throws {
        for name in ["Ada", "Alan", "Grace"] { try sandbox.add(name) }
        let failed = try runIntoFullDisk(["pick", "--count", "3"])
        #expect(failed.status == 1)
        #expect(failed.errorLine.hasPrefix("Error: Could not write the output"))
        // Nobody's turn was used: all three are still to pick in this round.
        let shown = sandbox.run(["pick"])
        #expect(shown.errorOutput.contains("2 students still to pick"), "\(shown.errorOutput)")
    }

    @Test("a student removed while the roll is called is not counted")
    func rollCallRemoval() throws {
        try sandbox.add("Ada")
        let students = try StorageHandler.load(from: sandbox.file)
        let gone = Student(name: "Gone", age: 12)
        let recorded = try ClassroomIntents.recordRegister(
            [students[0].id: AttendanceEntry(.present), gone.id: AttendanceEntry(.absent)],
            in: #require(Lesson(day: SchoolDay.today())), at: sandbox.file)
        #expect(recorded == [students[0].id: AttendanceEntry(.present)])
    }
}
