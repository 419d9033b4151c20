import Foundation
import RosterKit
import RosterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Journals planted by another user, tried as root with a second user made for the test, as an
/// attacker who owns a roster (or shares a classes folder) would plant them: roster refuses each
/// one with one `Error:` line, and no file of root's is touched.
@Suite(
    "End to end: another user's journal is refused, run as root",
    .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd")))
struct ForeignJournalEndToEndTests {
    static let planter = "rosterplanter"
    let sandbox: RosterSandbox
    let planterID: uid_t

    init() throws {
        sandbox = try RosterSandbox()
        if getpwnam(Self.planter) == nil {
            _ = try RosterBinary.run(
                ["-r", "-M", "-s", "/usr/sbin/nologin", Self.planter], environment: [:],
                executable: "/usr/sbin/useradd")
        }
        planterID = try #require(getpwnam(Self.planter)).pointee.pw_uid
    }

    private func roster(_ arguments: [String], home: URL) throws -> RunResult {
        try RosterBinary.run(
            arguments, environment: ["HOME": home.path, "COLUMNS": "80", "LC_ALL": "C.UTF-8"])
    }

    /// Gives `path`, and everything below it, to the planter.
    private func giveToPlanter(_ path: String) {
        chown(path, planterID, planterID)
        let walker = FileManager.default.enumerator(atPath: path)
        while let name = walker?.nextObject() as? String { lchown(path + "/" + name, planterID, planterID) }
    }

    private func plant(_ journal: String, at path: String) throws {
        try Data(journal.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        chown(path, planterID, planterID)
    }

    @Test("a journal beside their own roster cannot make root replace or move root's files")
    func theirRoster() throws {
        let home = sandbox.folder
        let rootFile = home.appendingPathComponent("rootfile.plist")
        try Data("root's".utf8).write(to: rootFile)
        let their = home.appendingPathComponent("their", isDirectory: true)
        #expect(
            try roster(["--file", their.path + "/7M.plist", "add", "Ada", "--age", "12"], home: home).status
                == 0)
        giveToPlanter(their.path)
        try plant(
            #"{"rosters":[{"name":"rootfile.plist","above":1},{"name":"7M.plist"}],"steps":[{"from":{"roster":1,"kind":"roster"},"to":{"roster":0,"kind":"roster"},"claims":false}],"trash":[{"roster":0,"kind":"history"}]}"#,
            at: their.path + "/.7M.plist.journal")
        for command in [["list"], ["stats"], ["add", "Alan", "--age", "13"], ["undo"]] {
            let result = try roster(["--file", their.path + "/7M.plist"] + command, home: home)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.errorOutput.contains("it belongs to another user"), "\(command): \(result.errorOutput)"
            )
            #expect(result.errorOutput.split(separator: "\n").count == 1)
        }
        #expect(try Data(contentsOf: rootFile) == Data("root's".utf8))
        #expect(
            !FileManager.default.fileExists(atPath: home.appendingPathComponent("rootfile.plist.lock").path))
    }

    @Test(
        "a colleague's journal in a shared classes folder deletes no other class, for classes or any command")
    func sharedClassesFolder() throws {
        let home = sandbox.folder
        #expect(try roster(["--class", "7A", "add", "Ada", "--age", "12"], home: home).status == 0)
        #expect(try roster(["--class", "7B", "add", "Bea", "--age", "12"], home: home).status == 0)
        let classes = home.appendingPathComponent("Documents/Classes").path
        let before = try Data(contentsOf: URL(fileURLWithPath: classes + "/7A.plist"))
        giveToPlanter(classes + "/7B.plist")
        giveToPlanter(classes + "/.7B.plist.history")
        try plant(
            #"{"rosters":[{"name":"7A.plist"},{"name":"7B.plist"}],"steps":[{"from":{"roster":0,"kind":"roster"},"to":{"roster":1,"kind":"roster"},"claims":false}],"trash":[{"roster":0,"kind":"history"}]}"#,
            at: classes + "/.7B.plist.journal")
        for command in [
            ["classes"], ["--class", "7B", "list"], ["--class", "7B", "add", "Cy", "--age", "12"],
        ] {
            let result = try roster(command, home: home)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.errorOutput.contains("it belongs to another user"), "\(command): \(result.errorOutput)"
            )
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: classes + "/7A.plist")) == before)
        #expect(FileManager.default.fileExists(atPath: classes + "/.7A.plist.history"))
        #expect(try roster(["--class", "7A", "list"], home: home).status == 0)
    }
}
