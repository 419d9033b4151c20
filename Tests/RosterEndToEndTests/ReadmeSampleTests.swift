import Foundation
import RosterTestSupport
import Testing

/// The Swift a reader is shown compiles as shown: the README's RosterKit sample against the modules
/// that were just built, and every step of the DocC tutorial, compiled and run by
/// `Tests/Tutorial/run_steps.py`.
@Suite("Code shown to readers compiles")
struct ReadmeSampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first `swift` block after the heading "Using RosterKit from Swift".
    static func sample() throws -> String {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Using RosterKit from Swift"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// Type-checks one file of Swift against the built modules; the compiler's complaint, if any.
    static func typeCheck(_ file: URL) throws -> RunResult {
        let modules = RosterBinary.url.deletingLastPathComponent().appendingPathComponent("Modules")
        let swiftc = try #require(installedTool("swiftc"))
        return try RosterBinary.run(
            ["-typecheck", "-I", modules.path, file.path], environment: ProcessInfo.processInfo.environment,
            executable: swiftc.path)
    }

    @Test("the README's sample type-checks against RosterKit", .enabled(if: installedTool("swiftc") != nil))
    func readme() throws {
        let code = try Self.sample()
        #expect(code.contains("import RosterKit") && code.contains(".package(url:"))
        let sandbox = try RosterSandbox()
        let file = sandbox.folder.appendingPathComponent("main.swift")
        try Data(code.utf8).write(to: file)
        let result = try Self.typeCheck(file)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test(
        "every step of the DocC tutorial runs and prints what it shows, and each real-code step equals its file",
        .enabled(if: installedTool("swiftc") != nil && installedTool("python3") != nil))
    func tutorial() throws {
        let script = Self.repository.appendingPathComponent("Tests/Tutorial/run_steps.py")
        let python = try #require(installedTool("python3"))
        let result = try RosterBinary.run(
            [script.path], environment: ProcessInfo.processInfo.environment, executable: python.path)
        #expect(result.status == 0, "\(result.errorOutput)")
        let summary = try #require(
            result.output.firstMatch(of: /(\d+) of (\d+) tutorial steps pass/), "\(result.output)")
        #expect(summary.1 == summary.2 && (Int(summary.2) ?? 0) >= 36, "\(result.output)")
    }
}
