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

/// Every file roster reads has a bound, whatever it claims: files that never end, pipes where a
/// file should be, and huge or sparse rosters are refused at once with one `Error:` line.
@Suite("Files with a bound")
struct BoundedFileTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
    }

    /// A copy of the OneRoster 1.1 sample export in the sandbox.
    private func export() throws -> URL {
        let copy = sandbox.folder.appendingPathComponent("export")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/oneroster/v1.1")
        try FileManager.default.copyItem(at: fixtures, to: copy)
        return copy
    }

    @Test(
        "a OneRoster file that is a named pipe is refused at once, not waited on",
        arguments: ["users.csv", "demographics.csv", "manifest.csv"])
    func pipeInExport(name: String) throws {
        let folder = try export()
        let file = folder.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        try #require(mkfifo(file.path, 0o600) == 0)
        let result = sandbox.run(["import", folder.path, "--age", "12"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("a named pipe"), "\(result.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path))
    }

    @Test("a file that says it is empty but never ends, such as /proc/self/pagemap, is refused at once")
    func neverEnding() throws {
        let folder = try export()
        let users = folder.appendingPathComponent("users.csv")
        try FileManager.default.removeItem(at: users)
        try FileManager.default.createSymbolicLink(
            atPath: users.path, withDestinationPath: "/proc/self/pagemap")
        let started = Date()
        let result = sandbox.run(["import", folder.path, "--age", "12"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("a file without a size"), "\(result.errorOutput)")
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test("a sparse 2 GiB roster is refused from its first and last bytes, within a second")
    func sparseRoster() throws {
        #expect(FileManager.default.createFile(atPath: sandbox.file.path, contents: nil))
        #expect(truncate(sandbox.file.path, off_t(2 << 30) - 1) == 0)
        for command in [["list"], ["add", "Ada", "--age", "12"], ["undo"]] {
            let started = Date()
            let result = sandbox.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLine.hasPrefix("Error: "), "\(command): \(result.errorOutput)")
            #expect(Date().timeIntervalSince(started) < 1, "\(command)")
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.file.path))
        var status = stat()
        #expect(stat(sandbox.file.path, &status) == 0 && status.st_size == off_t(2 << 30) - 1)
    }

    @Test("a binary roster whose trailer does not fit its size is refused before it is read")
    func lyingTrailer() throws {
        // The header of a binary plist, then 16 MiB of nothing and a trailer pointing past the end.
        #expect(FileManager.default.createFile(atPath: sandbox.file.path, contents: Data("bplist00".utf8)))
        #expect(truncate(sandbox.file.path, 16 << 20) == 0)
        let result = sandbox.run(["list"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("trailer"), "\(result.errorOutput)")
    }
}
