import Foundation
import RosterKit
import RosterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The data-safety guarantees, tried with the real binary: killed writers, read-only folders,
/// full disks, and paths that are not what they should be.
@Suite("Data safety, end to end")
struct DataSafetyTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    private func students(_ count: Int) -> [Student] {
        (0..<count).map {
            Student(name: "Student \($0) Ñandú", age: 10 + $0 % 8, grade: $0 % 13, score: 50.5)
        }
    }

    @Test("a writer killed at any moment leaves the old roster or the new one")
    func killedWriters() throws {
        let original = students(20_000)
        try StorageHandler.save(original, to: sandbox.file)
        var generator = SystemRandomNumberGenerator.Seeded(seed: 7)
        var count = original.count
        var sawBoth = (old: false, new: false)
        for round in 0..<30 {
            let process = Process()
            process.executableURL = RosterBinary.url
            process.arguments = ["add", "Killed \(round)", "--age", "9"]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The kill lands at a repeatable but varied moment of the write.
            usleep(UInt32(generator.next(upTo: 60_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try StorageHandler.load(from: sandbox.file)
            #expect(now.count == count || now.count == count + 1, "round \(round): \(now.count) students")
            #expect(Array(now.prefix(original.count)) == original)
            if now.count == count { sawBoth.old = true } else { sawBoth.new = true }
            count = now.count
        }
        #expect(sawBoth.old, "no kill landed before the rename")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
        #expect(
            try RosterBinary.run(["add", "After", "--age", "9"], environment: sandbox.environment).status == 0
        )
        let afterCleanup = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
        #expect(
            afterCleanup.allSatisfy { !$0.hasSuffix(".tmp") }, "left: \(afterCleanup), before: \(leftovers)")
    }

    @Test(
        "a pipe whose reader is gone after a saved change: one Error: line naming the change, exit 1",
        arguments: [
            ["add", "One more", "--age", "9"], ["delete-all", "--yes"], ["undo"], ["import", "IMPORT"],
        ])
    func brokenPipeAfterSave(command: [String]) throws {
        let csv = sandbox.folder.appendingPathComponent("more.csv")
        try Data("name,age\nNoor,12\n".utf8).write(to: csv)
        _ = sandbox.run(["add", "Ada", "--age", "12"])
        let before = try StorageHandler.load(from: sandbox.file)
        let (status, error) = try runWithReaderGone(command.map { $0 == "IMPORT" ? csv.path : $0 })
        #expect(status == 1)
        let lines = error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(error)")
        #expect(
            error.contains("but its confirmation could not be written")
                && error.contains("Do not run it again"))
        #expect(try StorageHandler.load(from: sandbox.file) != before)
    }

    @Test("a pipe whose reader is gone before anything is saved: exit 141 quietly, as a shell expects")
    func brokenPipeBeforeSave() throws {
        _ = sandbox.run(["add", "Ada", "--age", "12"])
        let (status, error) = try runWithReaderGone(["list"])
        #expect(status == 141)
        #expect(error.isEmpty, "\(error)")
    }

    /// Runs the binary with its standard output a pipe that no one reads any more.
    private func runWithReaderGone(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = RosterBinary.url
        process.arguments = ["--file", sandbox.file.path] + arguments
        process.environment = ["HOME": sandbox.folder.path, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        let errorOutput = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let error = String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, error)
    }

    @Test(
        "a full disk: one Error: line, exit 1, the roster unchanged",
        arguments: [
            ["add", "One more", "--age", "9"], ["edit", "Student 7 Ñandú", "--age", "9"],
            ["remove", "Student 7 Ñandú"],
        ])
    func fullDisk(command: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"))
        let disk = sandbox.folder.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let seed = sandbox.folder.appendingPathComponent("seed.plist")
        try StorageHandler.save(students(400), to: seed)
        let roster = disk.appendingPathComponent("students.plist").path
        let script = """
            disk=$1; seed=$2; roster=$3; binary=$4; shift 4;
            mount -t tmpfs -o size=64k tmpfs "$disk" && cp "$seed" "$roster" && sum1=$(cksum < "$roster") &&
            "$binary" --file "$roster" "$@"; status=$?;
            sum2=$(cksum < "$roster"); [ "$sum1" = "$sum2" ] && echo unchanged; ls -a "$disk"; exit $status
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments =
            [
                "-rm", "sh", "-c", script, "sh", disk.path, seed.path, roster, RosterBinary.url.path,
            ] + command
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(error.hasPrefix("Error: Could not write '\(roster)"), "\(error)")
        #expect(error.contains("No space left on device. Free some disk space"))
        #expect(error.split(separator: "\n").count == 1)
        #expect(printed.hasPrefix("unchanged\n"))
        #expect(!printed.contains(".tmp"))
    }

    @Test("a read-only folder: one Error: line naming the path and the fix, exit 1")
    func readOnlyFolder() throws {
        let folder = sandbox.folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let roster = folder.appendingPathComponent("students.plist")
        try StorageHandler.save(students(3), to: roster)
        let before = try Data(contentsOf: roster)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: roster.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        }
        let arguments = ["--file", roster.path, "add", "Ada", "--age", "9"]
        let result: RunResult
        if getuid() == 0 {
            // root ignores permissions, so the command runs as nobody.
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", RosterBinary.url.path] + arguments
            let errorOutput = Pipe()
            process.standardError = errorOutput
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errorOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            result = RunResult(status: process.terminationStatus, output: "", errorOutput: text)
        } else {
            result = try RosterBinary.run(arguments, environment: ["HOME": sandbox.folder.path])
        }
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("Error: Could not create the lock file '\(roster.path).lock'"))
        #expect(result.errorOutput.contains("Permission denied. Check the permissions"))
        #expect(try Data(contentsOf: roster) == before)
    }

    @Test(
        "a parent that is a file, and a roster path that is a folder",
        arguments: [["list"], ["add", "Ada", "--age", "9"]])
    func wrongKindsOfPath(command: [String]) throws {
        let file = sandbox.folder.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: file)
        let underFile = try RosterBinary.run(
            ["--file", file.path + "/students.plist"] + command, environment: sandbox.environment)
        #expect(underFile.status == 1)
        #expect(underFile.errorOutput.contains("notes.txt"))
        #expect(
            underFile.errorOutput.contains("is a file, not a folder")
                || underFile.errorOutput.contains("Not a directory"))
        #expect(underFile.errorOutput.split(separator: "\n").count == 1)
        let folder = try RosterBinary.run(
            ["--file", sandbox.folder.path] + command, environment: sandbox.environment)
        #expect(folder.status == 1)
        #expect(
            folder.errorOutput
                == "Error: The roster path '\(sandbox.folder.path)' is a folder. Give the path of a file, for example '\(sandbox.folder.path)/students.plist'.\n"
        )
    }

    @Test("$ROSTER_FILE in folders that do not exist yet is created on the first write, privately")
    func newFolders() throws {
        let roster = sandbox.folder.appendingPathComponent("a/b/c/students.plist")
        let environment = sandbox.environment.merging(["ROSTER_FILE": roster.path]) { $1 }
        #expect(try RosterBinary.run(["list"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: roster.path))
        #expect(try RosterBinary.run(["add", "Ada", "--age", "9"], environment: environment).status == 0)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: roster.deletingLastPathComponent().path)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        let fileAttributes = try FileManager.default.attributesOfItem(atPath: roster.path)
        #expect(fileAttributes[.posixPermissions] as? Int == 0o600)
    }

    @Test("a name that is not valid UTF-8 is stored with replacement characters, never a crash")
    func invalidUTF8() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" add \"$(printf 'Ad\\377\\376a')\" --age 9", RosterBinary.url.path]
        process.environment = sandbox.environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try StorageHandler.load(from: sandbox.file).first?.name == "Ad\u{FFFD}\u{FFFD}a")
    }
}

extension SystemRandomNumberGenerator {
    /// A small seeded generator for repeatable delays.
    struct Seeded {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next(upTo bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
    }
}
