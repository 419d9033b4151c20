import Foundation
import RosterEngine
import Testing

@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A roster behind symbolic links is changed where it really is, and what is not a regular file
/// is never read as a roster nor replaced.
@Suite("Linked rosters and other kinds of file")
struct LinkedRosterTests {
    let folder: TemporaryFolder
    let real: URL

    init() throws {
        folder = try TemporaryFolder()
        let cloud = folder.url.appendingPathComponent("cloud")
        try FileManager.default.createDirectory(at: cloud, withIntermediateDirectories: true)
        real = cloud.appendingPathComponent("real.plist")
        try StorageHandler.write(Student(name: "Ada", age: 12), to: real)
    }

    private func link(_ name: String, to target: String) throws -> URL {
        let link = folder.file(name)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
        return link
    }

    private func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    @Test(
        "every change goes through relative, absolute and chained links to the target, and links stay links",
        arguments: ["relative", "absolute", "chain"])
    func followsLinks(kind: String) throws {
        let first = try link("students.plist", to: kind == "absolute" ? real.path : "cloud/real.plist")
        let roster = kind == "chain" ? try link("chain.plist", to: "students.plist") : first
        try StorageHandler.write(Student(name: "Alan", age: 13), to: roster)
        _ = try ClassroomIntents.edit("Alan", StudentChanges(score: 90), at: roster)
        _ = try ClassroomIntents.remove(["Ada"], at: roster)
        try StorageHandler.deleteAll(at: roster)
        try StorageHandler.undo(at: roster)
        #expect(isLink(first) && isLink(roster))
        #expect(try StorageHandler.load(from: real).map(\.name) == ["Alan"])
        #expect(try StorageHandler.load(from: real).first?.score == 90)
        // The lock and the history live beside the target, nothing beside the link.
        let besideLink = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(
            besideLink
                == (kind == "chain"
                    ? ["chain.plist", "cloud", "students.plist"] : ["cloud", "students.plist"]))
        let besideTarget = try FileManager.default.contentsOfDirectory(
            atPath: real.deletingLastPathComponent().path)
        #expect(Set(besideTarget) == [".real.plist.history", "real.plist", "real.plist.lock"])
    }

    @Test("a link to nothing is refused, naming the link and its target, and nothing is created")
    func brokenLink() throws {
        let roster = try link("students.plist", to: "cloud/missing.plist")
        #expect(throws: StorageError.brokenLink(path: roster.path, target: "cloud/missing.plist")) {
            try StorageHandler.write(Student(name: "X", age: 12), to: roster)
        }
        #expect(throws: StorageError.brokenLink(path: roster.path, target: "cloud/missing.plist")) {
            try StorageHandler.load(from: roster)
        }
        #expect(isLink(roster))
        #expect(!FileManager.default.fileExists(atPath: folder.file("cloud/missing.plist").path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(beside == ["cloud", "students.plist"])
    }

    @Test("links that loop are refused")
    func loop() throws {
        let one = try link("one.plist", to: "two.plist")
        _ = try link("two.plist", to: "one.plist")
        #expect(throws: StorageError.linkLoop(path: one.path)) {
            try StorageHandler.write(Student(name: "X", age: 12), to: one)
        }
    }

    @Test("a named pipe as the roster is refused at once, not waited on")
    func namedPipe() throws {
        let pipe = folder.file("pipe.plist")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        #expect(throws: StorageError.notAFile(path: pipe.path, kind: "a named pipe")) {
            try StorageHandler.load(from: pipe)
        }
        #expect(throws: StorageError.notAFile(path: pipe.path, kind: "a named pipe")) {
            try StorageHandler.write(Student(name: "X", age: 12), to: pipe)
        }
        #expect(FileSystem.specialKind(pipe.path) == "a named pipe")
    }

    @Test("a device as the roster, or behind a link, is refused and left alone")
    func device() throws {
        let roster = try link("students.plist", to: "/dev/zero")
        #expect(throws: StorageError.notAFile(path: roster.path, kind: "a device")) {
            try StorageHandler.load(from: roster)
        }
        #expect(throws: StorageError.notAFile(path: "/dev/null", kind: "a device")) {
            try StorageHandler.write(Student(name: "X", age: 12), to: URL(fileURLWithPath: "/dev/null"))
        }
        #expect(FileSystem.specialKind("/dev/null") == "a device")
    }

    @Test("a roster or an import larger than 2 GiB is refused by its size, at once")
    func tooLarge() throws {
        let huge = folder.file("huge.plist")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data("bplist00".utf8)))
        try #require(truncate(huge.path, off_t(3) << 30) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: StorageError.tooLarge(path: huge.path, limit: 2 << 30)) {
            try StorageHandler.load(from: huge)
        }
        #expect(throws: StorageError.tooLarge(path: huge.path, limit: 2 << 30)) {
            try StorageHandler.readFile(at: huge)
        }
        #expect(clock.now - start < .seconds(1))
    }

    @Test(
        "a roster changed by root keeps its owner, and its history is the owner's",
        .enabled(if: geteuid() == 0))
    func ownerKept() throws {
        let owner: uid_t = 4_321
        try #require(chown(real.path, owner, owner) == 0)
        try #require(chown(real.deletingLastPathComponent().path, owner, owner) == 0)
        try FileManager.default.removeItem(atPath: real.path + ".lock")
        try FileManager.default.removeItem(
            atPath: real.deletingLastPathComponent().path + "/.real.plist.history")
        try StorageHandler.write(Student(name: "Alan", age: 12), to: real)
        let attributes = { (path: String) in
            try FileManager.default.attributesOfItem(atPath: path)[.ownerAccountID] as? Int
        }
        #expect(try attributes(real.path) == Int(owner))
        #expect(try attributes(real.path + ".lock") == Int(owner))
        #expect(try attributes(real.deletingLastPathComponent().path + "/.real.plist.history") == Int(owner))
        #expect(try StorageHandler.load(from: real).map(\.name) == ["Ada", "Alan"])
    }

    @Test("a read-only roster is refused, not replaced")
    func readOnly() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: real.path)
        let before = try Data(contentsOf: real)
        #expect(throws: StorageError.readOnly(path: real.path)) {
            try StorageHandler.write(Student(name: "X", age: 12), to: real)
        }
        #expect(try Data(contentsOf: real) == before)
        #expect(try StorageHandler.history(at: real).count == 1)
    }

    @Test("a planted link in place of the lock file is refused, and its target is not created")
    func plantedLock() throws {
        let victim = folder.file("victim")
        try FileManager.default.createSymbolicLink(
            atPath: real.path + ".lock.new", withDestinationPath: victim.path)
        try FileManager.default.removeItem(atPath: real.path + ".lock")
        try FileManager.default.moveItem(atPath: real.path + ".lock.new", toPath: real.path + ".lock")
        #expect(throws: StorageError.notOwnFile(path: real.path + ".lock")) {
            try StorageHandler.write(Student(name: "X", age: 12), to: real)
        }
        #expect(!FileManager.default.fileExists(atPath: victim.path))
    }

    @Test("cleanup leaves another roster's temporary files alone")
    func otherRostersLeftovers() throws {
        let folderPath = real.deletingLastPathComponent().path
        let others = [".real.plist.2024.77-88.tmp", ".real.plist.x.tmp"]
        let own = ".real.plist.123-456.tmp"
        for name in others + [own] {
            #expect(FileManager.default.createFile(atPath: folderPath + "/" + name, contents: Data()))
        }
        try StorageHandler.write(Student(name: "X", age: 12), to: real)
        for name in others { #expect(FileManager.default.fileExists(atPath: folderPath + "/" + name)) }
        #expect(!FileManager.default.fileExists(atPath: folderPath + "/" + own))
    }

    @Test("files to import may be pipes; devices and folders are refused")
    func importSources() throws {
        let pipe = folder.file("import.csv")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: pipe.path)
            handle?.write(Data("name,age\nAda,12\n".utf8))
            try? handle?.close()
        }
        writer.start()
        #expect(try StorageHandler.readFile(at: pipe) == Data("name,age\nAda,12\n".utf8))
        #expect(throws: StorageError.notAFile(path: "/dev/zero", kind: "a device")) {
            try StorageHandler.readFile(at: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(throws: StorageError.notAFile(path: folder.url.path, kind: "a folder")) {
            try StorageHandler.readFile(at: folder.url)
        }
    }
}
