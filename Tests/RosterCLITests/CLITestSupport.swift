import Foundation
import Testing

@testable import RosterCLI

/// What one run of `roster` did.
struct RunResult: Equatable {
    var status: Int32
    var output: String
    var errorOutput: String

    /// The first line written to standard error.
    var errorLine: String {
        errorOutput.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}

/// A roster file in a private temporary folder, and ways to run `roster` on it.
final class RosterSandbox {
    let folder: URL
    let file: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roster-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("students.plist")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var environment: [String: String] {
        ["ROSTER_FILE": file.path, "HOME": folder.path, "COLUMNS": "80"]
    }

    /// Runs the command line in-process.
    func run(
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
    func add(_ name: String, age: Int = 12, _ more: [String] = []) throws -> String {
        let result = run(["add", name, "--age", String(age)] + more)
        try #require(result.status == 0, "add failed: \(result.errorOutput)")
        let id = result.output.split(separator: " ").last.map { String($0.dropLast(2)) } ?? ""
        try #require(UUID(uuidString: id) != nil, "no id in \(result.output)")
        return id
    }

    /// The roster file's bytes, or nil when there is none.
    func bytes() -> Data? {
        FileManager.default.contents(atPath: file.path)
    }
}

/// The executable called `name` on `PATH` (or in the usual folders), if it is installed.
func installedTool(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
    return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs the tool in-process with the streams' terminal-ness chosen by the test.
func runTool(
    _ arguments: [String], sandbox: RosterSandbox, environment: [String: String] = [:],
    outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false, input: LineInput = ScriptedInput()
) -> RunResult {
    let output = CapturedOutput(isTerminal: outputIsTerminal)
    let errorOutput = CapturedOutput(isTerminal: errorIsTerminal)
    let invocation = Invocation(
        environment: sandbox.environment.merging(environment) { $1 }, input: input, output: output,
        errorOutput: errorOutput, progressDelay: .zero)
    let status = invocation.run(arguments)
    return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
}
