import Foundation
import RosterCLI
import Testing

// What both layers of CLI tests share: a sandboxed roster, and the built binary.

/// What one run of `roster` did.
package struct RunResult: Equatable {
    package var status: Int32
    package var output: String
    package var errorOutput: String

    package init(status: Int32, output: String, errorOutput: String) {
        (self.status, self.output, self.errorOutput) = (status, output, errorOutput)
    }

    /// The first line written to standard error.
    package var errorLine: String {
        errorOutput.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}

/// A roster file in a private temporary folder, and ways to run `roster` on it.
package final class RosterSandbox {
    package let folder: URL
    package let file: URL

    package init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roster-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("students.plist")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    package var environment: [String: String] {
        ["ROSTER_FILE": file.path, "HOME": folder.path, "COLUMNS": "80"]
    }

    /// Runs the command line in-process.
    package func run(
        _ arguments: [String], environment extra: [String: String] = [:], input: LineInput = ScriptedInput()
    )
        -> RunResult
    {
        let output = CapturedOutput()
        let errorOutput = CapturedOutput()
        let status = CommandLineTool.run(
            arguments: arguments, environment: environment.merging(extra) { $1 }, input: input,
            output: output,
            errorOutput: errorOutput)
        return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
    }

    /// Adds a student and returns its full id.
    @discardableResult
    package func add(_ name: String, age: Int = 12, _ more: [String] = []) throws -> String {
        let result = run(["add", name, "--age", String(age)] + more)
        try #require(result.status == 0, "add failed: \(result.errorOutput)")
        let id = result.output.split(separator: " ").last.map { String($0.dropLast(2)) } ?? ""
        try #require(UUID(uuidString: id) != nil, "no id in \(result.output)")
        return id
    }

    /// The roster file's bytes, or nil when there is none.
    package func bytes() -> Data? {
        FileManager.default.contents(atPath: file.path)
    }
}

/// The test layers' two lengths: `swift test` runs a sample of each long sweep (fault points,
/// races, fuzzing) so that a newcomer learns in minutes that the project works, and
/// `ROSTER_FULL_TESTS=1 swift test`, as `.ci/run` does, runs every point, the full fuzz and the
/// pages printed in Chromium.
package enum TestSweep {
    /// Whether `ROSTER_FULL_TESTS=1` asks for every long sweep in full.
    package static let isFull = ProcessInfo.processInfo.environment["ROSTER_FULL_TESTS"] == "1"

    /// Whether the sweeps run a sample: without `ROSTER_FULL_TESTS=1`, or with `ROSTER_FUZZ_SHORT`
    /// for the slower address-sanitizer build.
    package static let isShort = !isFull || ProcessInfo.processInfo.environment["ROSTER_FUZZ_SHORT"] != nil
}

/// The executable called `name` on `PATH` (or in the usual folders), if it is installed.
package func installedTool(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
    return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs the built `roster` binary as a separate process, as a person or a script would.
package enum RosterBinary {
    /// The `roster` executable that `swift build` put beside this test bundle.
    /// `ROSTER_BINARY` when set, such as the address-sanitizer build that CI fuzzes.
    package static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["ROSTER_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for case let folder? in candidates {
            let binary = folder.appendingPathComponent("roster")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/roster")
    }()

    /// Runs `roster` with `arguments` and returns what it did.
    package static func run(
        _ arguments: [String], environment: [String: String], directory: URL? = nil, executable: String? = nil
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? url
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errorOutput: String(decoding: errorData, as: UTF8.self))
    }
}

/// The type bits of what `path` names, without following a last link.
package func fileType(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
}
