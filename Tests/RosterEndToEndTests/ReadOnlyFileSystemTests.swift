import Foundation
import RosterKit
import RosterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Reading needs no write access: on a file system mounted read-only, every reading command works
/// and every change fails with one `Error:` line saying why. Needs root to mount; skipped otherwise.
@Suite("A read-only file system, end to end")
struct ReadOnlyFileSystemTests {
    /// Runs a command line of the system's, returning its exit status.
    @discardableResult
    private static func system(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(
        "list, show, stats, history, register, export and seats read a roster on a read-only mount; changes say it is read-only",
        .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")))
    func readOnlyMount() throws {
        let sandbox = try RosterSandbox()
        let mountPoint = sandbox.folder.appendingPathComponent("mounted")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard try Self.system(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint.path]) == 0 else {
            return  // This machine allows no mounts: nothing to try.
        }
        defer { _ = try? Self.system(["umount", mountPoint.path]) }
        var environment = sandbox.environment
        environment["ROSTER_FILE"] = mountPoint.appendingPathComponent("students.plist").path
        for name in ["Ada Lovelace", "Alan Turing"] {
            let added = try RosterBinary.run(["add", name, "--age", "12"], environment: environment)
            try #require(added.status == 0, "\(added.errorOutput)")
        }
        let planned = try RosterBinary.run(
            ["seats", "--rows", "1", "--columns", "3"], environment: environment)
        try #require(planned.status == 0, "\(planned.errorOutput)")
        try #require(try Self.system(["mount", "-o", "remount,ro", mountPoint.path]) == 0)
        let reads = [
            ["list"], ["show", "ada"], ["stats"], ["history"], ["register"], ["export", "--output", "-"],
            ["seats"], ["seats", "--format", "html"],
        ]
        for command in reads {
            let result = try RosterBinary.run(command, environment: environment)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
        }
        for command in [
            ["add", "Grace", "--age", "12"], ["undo"], ["remove", "ada"], ["absent", "ada"], ["pick"],
        ] {
            let result = try RosterBinary.run(command, environment: environment)
            #expect(result.status == 1, "\(command)")
            #expect(result.output.isEmpty, "\(command): \(result.output)")
            let errors = result.errorOutput.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors.count == 1, "\(command): \(result.errorOutput)")
            #expect(
                result.errorOutput.lowercased().contains("read-only"), "\(command): \(result.errorOutput)")
        }
    }
}

/// Under a file size limit (`ulimit -f`), a failed write to standard output names that limit.
@Suite("A file size limit on standard output, end to end")
struct FileSizeLimitTests {
    @Test("list into a file past ulimit -f says to raise the file size limit, in one Error: line")
    func fileSizeLimit() throws {
        let sandbox = try RosterSandbox()
        try StorageHandler.save(
            (0..<200).map { Student(name: "Student \($0) Lovelace", age: 12) }, to: sandbox.file)
        let output = sandbox.folder.appendingPathComponent("list.txt").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // One block of 512 bytes: the list of 200 students does not fit.
        process.arguments = ["-c", "ulimit -f 1; exec \"$0\" list > \"$1\"", RosterBinary.url.path, output]
        process.environment = sandbox.environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(text)")
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(lines.count == 1, "\(text)")
        #expect(text.contains("file size limit (ulimit -f)"), "\(text)")
        #expect(!text.contains("free some space"))
    }
}
