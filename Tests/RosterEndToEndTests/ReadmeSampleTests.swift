import Foundation
import RosterTestSupport
import Testing

/// The Swift a reader is shown compiles as shown, against the modules that were just built: the
/// README's RosterKit sample and every code file of the DocC tutorial.
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

    @Test("every code file of the DocC tutorial type-checks", .enabled(if: installedTool("swiftc") != nil))
    func tutorial() throws {
        let resources = Self.repository.appendingPathComponent("Sources/RosterKit/RosterKit.docc/Resources")
        let files = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count >= 24)
        for name in files.sorted() {
            let result = try Self.typeCheck(resources.appendingPathComponent(name))
            #expect(result.status == 0, "\(name): \(result.errorOutput)")
        }
    }
}
