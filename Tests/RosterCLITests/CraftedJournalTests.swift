import Foundation
import RosterKit
import RosterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Journals planted beside a roster: nothing in one can make roster touch a file outside the
/// folders of its own change, and every journal it will not carry out is one `Error:` line whose
/// fix works, at once.
@Suite("Crafted journals are refused, never carried out")
final class CraftedJournalTests {
    let sandbox: RosterSandbox
    /// A folder beside the sandbox's, with a file and a folder that no journal may touch.
    let victim: URL

    init() throws {
        sandbox = try RosterSandbox()
        victim = sandbox.folder.deletingLastPathComponent()
            .appendingPathComponent("victim-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: victim.appendingPathComponent("history"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: victim.appendingPathComponent("secret.plist"))
    }

    deinit {
        try? FileManager.default.removeItem(at: victim)
    }

    private var journal: URL { sandbox.folder.appendingPathComponent(".students.plist.journal") }

    /// Every file below the victim's folder and the sandbox's, with its bytes.
    private func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in [victim, sandbox.folder] {
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let name = walker?.nextObject() as? String {
                let path = folder.appendingPathComponent(name).path
                files[path] = FileManager.default.contents(atPath: path) ?? Data("folder".utf8)
            }
        }
        return files
    }

    /// The names in the roster file, read without roster (which would refuse the journal again).
    private func names() throws -> [String] {
        let plist = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: sandbox.file), format: nil)
        return (plist as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    private func plant(_ text: String) throws {
        try Data(text.utf8).write(to: journal)
        chmod(journal.path, 0o600)
    }

    /// Runs `command` with the planted journal, expects it refused saying `reason`, with nothing
    /// changed; then follows the advice and expects the command to work.
    private func expectRefused(
        _ command: [String], reason: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let before = snapshot()
        let started = ContinuousClock.now
        let result = sandbox.run(command)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.errorOutput.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
        #expect(
            result.errorOutput.hasPrefix("Error: '\(journal.path)'"), "\(result.errorOutput)",
            sourceLocation: sourceLocation)
        #expect(result.errorOutput.contains(reason), "\(result.errorOutput)", sourceLocation: sourceLocation)
        #expect(
            ContinuousClock.now - started < .seconds(3), "refused at once, never a wait",
            sourceLocation: sourceLocation)
        #expect(snapshot() == before, "nothing was touched", sourceLocation: sourceLocation)
        // The advice: `mv -- 'JOURNAL' 'JOURNAL.refused'`, then the command runs.
        let advice = try #require(
            result.errorOutput.firstRange(of: "(mv -- "), sourceLocation: sourceLocation)
        let words = result.errorOutput[advice.upperBound...].split(separator: "'")
        try #require(words.count > 3, sourceLocation: sourceLocation)
        #expect(rename(String(words[0]), String(words[2])) == 0, sourceLocation: sourceLocation)
        #expect(sandbox.run(command).status == 0, sourceLocation: sourceLocation)
    }

    @Test(
        "a journal of paths, as roster once wrote them, is not a journal: nothing outside is renamed or removed"
    )
    func pathsAreRefused() throws {
        try sandbox.add("Ada Lovelace")
        let secret = victim.appendingPathComponent("secret.plist").path
        try plant(
            #"{"rosters":["\#(sandbox.file.path)"],"steps":[{"from":"\#(secret)","to":"\#(sandbox.file.path)","claims":false}],"trash":["\#(victim.path)/history"]}"#
        )
        try expectRefused(["list"], reason: "it is not a journal of a change roster was making")
    }

    @Test(
        "names that climb out of the change's folders are refused",
        arguments: [
            #"{"name":"../secret.plist"}"#, #"{"name":"secret.plist","within":["..","victim"]}"#,
            #"{"name":"secret.plist","above":3}"#, #"{"name":"secret.plist","within":["a","b","c"]}"#,
            #"{"name":"secret.plist","within":["x"],"above":1}"#, #"{"name":"/etc/passwd"}"#,
        ])
    func climbingNames(roster: String) throws {
        try sandbox.add("Ada Lovelace")
        try plant(
            #"{"rosters":[{"name":"students.plist"},\#(roster)],"steps":[{"from":{"roster":1,"kind":"roster"},"to":{"roster":0,"kind":"roster"},"claims":false}],"trash":[]}"#
        )
        let result = sandbox.run(["add", "Alan Turing", "--age", "13"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("records an unfinished change that roster will not carry out"))
        #expect(try names() == ["Ada Lovelace"])
    }

    @Test("a step that names no file of roster's own kinds is refused, whatever it names")
    func foreignFileKinds() throws {
        try sandbox.add("Ada Lovelace")
        for file in [
            #"{"roster":0,"kind":"version","version":"../../secret.plist"}"#,
            #"{"roster":0,"kind":"roster","temporary":"../x"}"#, #"{"roster":5,"kind":"roster"}"#,
            #"{"roster":0,"kind":"keptMarkbook","sequence":-1}"#, #"{"roster":0,"kind":"passwd"}"#,
        ] {
            try plant(
                #"{"rosters":[{"name":"students.plist"}],"steps":[{"from":\#(file),"to":{"roster":0,"kind":"roster"},"claims":false}],"trash":[]}"#
            )
            let result = sandbox.run(["list"])
            #expect(result.status == 1, "\(file)")
            #expect(result.errorOutput.contains("will not carry out"), "\(file): \(result.errorOutput)")
        }
        #expect(try names() == ["Ada Lovelace"])
    }

    @Test("a journal that does not name its own roster is refused at once, not a 10-second wait")
    func notItsOwnRoster() throws {
        try sandbox.add("Ada Lovelace")
        try plant(#"{"rosters":[{"name":"other.plist"}],"steps":[],"trash":[]}"#)
        try expectRefused(
            ["add", "Alan Turing", "--age", "13"], reason: "it does not name the roster it lies beside")
        #expect(
            !FileManager.default.fileExists(
                atPath: sandbox.folder.appendingPathComponent("other.plist.lock").path))
    }

    @Test("a damaged journal is refused with a fix that works (undo is no fix)")
    func damaged() throws {
        try sandbox.add("Ada Lovelace")
        try plant("{not json")
        try expectRefused(["undo"], reason: "it is not a journal of a change roster was making")
    }

    @Test(
        "a journal others may write, a link, one with a second name, or in a folder others may write is refused"
    )
    func untrustedFiles() throws {
        try sandbox.add("Ada Lovelace")
        let valid = #"{"rosters":[{"name":"students.plist"}],"steps":[],"trash":[]}"#
        try plant(valid)
        chmod(journal.path, 0o666)
        try expectRefused(["list"], reason: "others may write to it")
        try Data(valid.utf8).write(to: victim.appendingPathComponent("journal"))
        chmod(victim.appendingPathComponent("journal").path, 0o600)
        symlink(victim.appendingPathComponent("journal").path, journal.path)
        try expectRefused(["list"], reason: "it is a link")
        link(victim.appendingPathComponent("journal").path, journal.path)
        try expectRefused(["list"], reason: "it has other names")
        try plant(valid)
        chmod(sandbox.folder.path, 0o777)
        defer { chmod(sandbox.folder.path, 0o700) }
        try expectRefused(["list"], reason: "others may write to its folder")
    }

    @Test("a trusted journal of the roster's own files is still finished")
    func ownJournalFinished() throws {
        try sandbox.add("Ada Lovelace")
        let kept = try Data(contentsOf: sandbox.file)
        try sandbox.add("Alan Turing", age: 13)
        try kept.write(to: sandbox.folder.appendingPathComponent(".students.plist.1-2.tmp"))
        // The change was decided (this copy is the primary): its rename brings back the kept file.
        try plant(
            #"{"rosters":[{"name":"students.plist"}],"steps":[{"from":{"roster":0,"kind":"roster","temporary":"1-2"},"to":{"roster":0,"kind":"roster"},"claims":false}],"trash":[]}"#
        )
        let listed = sandbox.run(["list"])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(try names() == ["Ada Lovelace"])
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }
}
