import Foundation
import RosterEngine
import Testing

@testable import RosterEngine
@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one transaction every change goes through: a version is only a version once its change is
/// on disk, reads that decide a change happen under the lock, and what sits beside the roster is
/// used only when it is roster's own.
@Suite("One transaction")
struct TransactionTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try StorageHandler.write(Student(name: "Alan", age: 13), to: file)
    }

    private var history: RosterHistory { RosterHistory(rosterPath: file.path) }

    private func names() throws -> [String] { try StorageHandler.load(from: file).map(\.name) }

    @Test("a change killed after keeping its version, before the rename, leaves no step in the history")
    func killedBeforeRename() throws {
        // What a change does before its rename; the process dies there.
        let change = RosterChange(command: "add", date: Date(), studentsBefore: 2, studentsAfter: 3)
        _ = try history.keepVersion(before: change, exists: true)
        #expect(try StorageHandler.history(at: file).map(\.studentsAfter) == [2, 1])
        let undone = try StorageHandler.undo(at: file)
        #expect((undone.command, undone.studentsBefore, undone.studentsAfter) == ("add", 1, 2))
        #expect(try names() == ["Ada"])
        #expect(try StorageHandler.undo(at: file).command == "add")
        #expect(try names() == [])
    }

    @Test("a change killed after its rename, before its version settled, is in the history")
    func killedAfterRename() throws {
        let change = RosterChange(command: "add", date: Date(), studentsBefore: 2, studentsAfter: 3)
        _ = try history.keepVersion(before: change, exists: true)
        let three = try StorageHandler.load(from: file) + [Student(name: "Grace", age: 12)]
        try FileSystem.replace(file.path, with: RosterCodec.encode(three, format: .binary))
        #expect(try StorageHandler.history(at: file).map(\.studentsAfter) == [3, 2, 1])
        try StorageHandler.undo(at: file)
        #expect(try names() == ["Ada", "Alan"])
        try StorageHandler.redo(at: file)
        #expect(try names() == ["Ada", "Alan", "Grace"])
    }

    @Test("version names are read strictly; a time past the year 9999 is not a version and traps nothing")
    func strictNames() throws {
        let good = "00000003-u-1764600000-2-3-add.plist"
        #expect(RosterHistory.entry(named: good, in: "h")?.change.studentsAfter == 3)
        let bad = [
            "00000003-u-9223372036854775807-2-3-add.plist", "00000003-x-1764600000-2-3-add.plist",
            "0000003-u-1764600000-2-3-add.plist", "00000003-u-1764600000-2-3-\u{1B}[31m.plist",
            "00000003-u-+1764600000-2-3-add.plist", "00000003-u-1764600000-2-3-.plist",
            "00000003-u-1764600000-2-3-add.txt",
        ]
        for name in bad { #expect(RosterHistory.entry(named: name, in: "h") == nil, "\(name)") }
        let folderPath = history.folder
        for name in bad {
            #expect(FileManager.default.createFile(atPath: folderPath + "/" + name, contents: Data()))
        }
        #expect(try StorageHandler.history(at: file).count == 2)
        #expect(try StorageHandler.strayHistoryFiles(at: file) == bad.sorted())
        #expect(try StorageHandler.undo(at: file).studentsAfter == 2)
    }

    @Test("undo, redo and history refuse a history folder that is a link or writable by others")
    func foreignHistoryOnRead() throws {
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.moveItem(atPath: history.folder, toPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(
            atPath: history.folder, withDestinationPath: elsewhere.path)
        let before = try Data(contentsOf: file)
        #expect(throws: StorageError.notOwnFile(path: history.folder)) { try StorageHandler.undo(at: file) }
        #expect(throws: StorageError.notOwnFile(path: history.folder)) { try StorageHandler.redo(at: file) }
        #expect(throws: StorageError.notOwnFile(path: history.folder)) {
            try StorageHandler.history(at: file)
        }
        #expect(try Data(contentsOf: file) == before)
        try FileManager.default.removeItem(atPath: history.folder)
        try FileManager.default.moveItem(atPath: elsewhere.path, toPath: history.folder)
        chmod(history.folder, 0o777)
        #expect(throws: StorageError.notOwnFile(path: history.folder)) { try StorageHandler.undo(at: file) }
        chmod(history.folder, 0o700)
        let version = try #require(try history.entries().last).path
        chmod(version, 0o666)
        #expect(throws: StorageError.notOwnFile(path: version)) { try StorageHandler.undo(at: file) }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a students.plist.bak that others may write is never adopted into the history")
    func foreignBackup() throws {
        try FileManager.default.copyItem(atPath: file.path, toPath: file.path + ".bak")
        chmod(file.path + ".bak", 0o666)
        #expect(try StorageHandler.history(at: file).count == 2)
        #expect(FileManager.default.fileExists(atPath: file.path + ".bak"))
    }

    /// The side file `side` of the roster as a link to another file that holds `text`.
    private func linkedSideFile(_ side: SideFile, to text: String) throws -> (path: String, target: URL) {
        let (path, target) = (side.path(besideRoster: file.path), folder.file("target"))
        try Data(text.utf8).write(to: target)
        chmod(target.path, 0o644)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
        return (path, target)
    }

    @Test("the pick round is not read through a link, nor past its limit")
    func pickState() throws {
        let (picks, target) = try linkedSideFile(.picks, to: "last x\n")
        var random = SeededRandom(seed: 1)
        #expect(throws: StorageError.notOwnFile(path: picks)) {
            try ClassroomIntents.pick(at: file, using: &random)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "last x\n")
        try FileManager.default.removeItem(atPath: picks)
        // A sparse file: large, but nothing to write.
        #expect(FileManager.default.createFile(atPath: picks, contents: nil))
        #expect(truncate(picks, off_t(SideFile.picks.limit) + 1) == 0)
        #expect(throws: StorageError.tooLarge(path: picks, limit: SideFile.picks.limit)) {
            try ClassroomIntents.pick(at: file, using: &random)
        }
    }

    @Test("the seating plan is not read or written through a link, nor past its limit")
    func seatsFile() throws {
        let (seats, target) = try linkedSideFile(.seats, to: "room 1 1\n")
        var random = SeededRandom(seed: 1)
        #expect(throws: StorageError.notOwnFile(path: seats)) {
            try ClassroomIntents.makeSeats(rows: 5, columns: 5, at: file, using: &random)
        }
        #expect(throws: StorageError.notOwnFile(path: seats)) { try ClassroomIntents.seatingPlan(at: file) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "room 1 1\n")
        try FileManager.default.removeItem(atPath: seats)
        #expect(FileManager.default.createFile(atPath: seats, contents: nil))
        #expect(truncate(seats, off_t(SideFile.seats.limit) + 1) == 0)
        #expect(throws: StorageError.tooLarge(path: seats, limit: SideFile.seats.limit)) {
            try ClassroomIntents.seatingPlan(at: file)
        }
    }

    @Test(
        "pick reads the roster under the lock: a student removed while it waited is never picked",
        arguments: [1, 2, 3])
    func pickUnderLock(seed: UInt64) throws {
        try StorageHandler.save((0..<10).map { Student(name: "S\($0)", age: 12) }, to: file)
        let stays = try #require(try StorageHandler.load(from: file).last)
        let lock = try FileLock(rosterPath: file.path)
        let (url, outcome, picked) = (file, PickOutcome(), DispatchGroup())
        // On a thread of its own, since it blocks waiting for the lock.
        DispatchQueue.global().async(group: picked) {
            var random = SeededRandom(seed: seed)
            outcome.set(Result { try ClassroomIntents.pick(at: url, using: &random) })
        }
        // Once the pick holds a second descriptor on the lock file, it waits for this lock.
        let deadline = Date().addingTimeInterval(10)
        while Self.openLockFiles(of: file.path) < 2 && Date() < deadline { usleep(1_000) }
        try FileSystem.replace(file.path, with: RosterCodec.encode([stays], format: .binary))
        _ = consume lock
        picked.wait()
        #expect(try outcome.get().students == [stays])
    }

    /// The pick made on another thread.
    private final class PickOutcome: @unchecked Sendable {
        // Set once by the picking thread before the group is left, read after waiting for it.
        private var result: Result<FairPicker.Pick, any Error>?
        func set(_ result: Result<FairPicker.Pick, any Error>) { self.result = result }
        func get() throws -> FairPicker.Pick { try #require(result).get() }
    }

    /// How many descriptors of this process are open on the roster's lock file.
    static func openLockFiles(of rosterPath: String) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let lockPath = URL(fileURLWithPath: rosterPath + ".lock").resolvingSymlinksInPath().path
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == lockPath
        }.count
    }
}

/// Side files of rosters with long names, and side files of other users.
@Suite("Side files that fit and belong")
struct SideFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(
        "a roster whose name is as long as the system allows can be changed, undone and picked from",
        arguments: [200, 240, 255])
    func longNames(length: Int) throws {
        let name =
            String(repeating: "é", count: (length - 6) / 2) + String(repeating: "a", count: (length - 6) % 2)
            + ".plist"
        #expect(name.utf8.count == length)
        let file = folder.url.appendingPathComponent(name)
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        try StorageHandler.undo(at: file)
        #expect(try StorageHandler.load(from: file).map(\.name) == ["Ada"])
        var random = SeededRandom(seed: 1)
        #expect(try ClassroomIntents.pick(at: file, using: &random).students.map(\.name) == ["Ada"])
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            #expect(entry.utf8.count <= 255)
        }
        // Two long names that share their first 200 bytes keep their side files apart.
        let other = folder.url.appendingPathComponent(String(name.dropLast(7)) + "b.plist")
        if length > 222 {
            try StorageHandler.write(Student(name: "Grace", age: 12), to: other)
            try StorageHandler.undo(at: other)
            #expect(try StorageHandler.load(from: file).map(\.name) == ["Ada"])
            #expect(try StorageHandler.history(at: file).count == 2)
        }
    }

    @Test(
        "another user's lock, history or students.plist.bak is refused or left alone",
        .enabled(if: geteuid() == 0))
    func otherUsers() throws {
        let file = folder.file()
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let nobody: uid_t = 65534
        let lock = file.path + ".lock"
        #expect(chown(lock, nobody, nobody) == 0)
        let before = try Data(contentsOf: file)
        #expect(throws: StorageError.notOwnFile(path: lock)) { try StorageHandler.undo(at: file) }
        #expect(throws: StorageError.notOwnFile(path: lock)) {
            try StorageHandler.write(Student(name: "X", age: 1), to: file)
        }
        #expect(chown(lock, 0, 0) == 0)
        let history = RosterHistory(rosterPath: file.path)
        #expect(chown(history.folder, nobody, nobody) == 0)
        #expect(throws: StorageError.notOwnFile(path: history.folder)) {
            try StorageHandler.history(at: file)
        }
        #expect(chown(history.folder, 0, 0) == 0)
        // A backup another user left is never adopted, and does not lock anyone out.
        try before.write(to: URL(fileURLWithPath: file.path + ".bak"))
        #expect(chown(file.path + ".bak", nobody, nobody) == 0)
        #expect(try StorageHandler.history(at: file).count == 1)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        #expect(try StorageHandler.history(at: file).count == 2)
        #expect(FileManager.default.fileExists(atPath: file.path + ".bak"))
        #expect(try Data(contentsOf: file) != before)
    }
}

/// A roster others may write (a teacher's choice) still gets a history that works after a crash.
@Suite("Pending versions of an open roster")
struct OpenRosterTests {
    @Test("a pending version of a roster with mode 0666 is put right, not refused", arguments: [false, true])
    func openRoster(changeHappened: Bool) throws {
        let folder = try TemporaryFolder()
        let file = folder.file()
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        #expect(chmod(file.path, 0o666) == 0)
        let change = RosterChange(command: "add", date: Date(), studentsBefore: 1, studentsAfter: 2)
        _ = try RosterHistory(rosterPath: file.path).keepVersion(before: change, exists: true)
        if changeHappened {
            let two = try StorageHandler.load(from: file) + [Student(name: "Alan", age: 12)]
            try FileSystem.replace(file.path, with: RosterCodec.encode(two, format: .binary))
        }
        #expect(try StorageHandler.history(at: file).count == (changeHappened ? 2 : 1))
        try StorageHandler.undo(at: file)
        #expect(try StorageHandler.load(from: file).map(\.name) == (changeHappened ? ["Ada"] : []))
    }
}

/// The binary writer cannot overrun its buffer: every write is checked before it is made.
@Suite("A checked writer")
struct CheckedWriterTests {
    @Test("a buffer sized too small stops the writer before it writes past the end")
    func overrunTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A plan that gives the header 4 bytes, where the magic number alone takes 8.
            let plan = PlistObjectWriter.Plan(
                headerBytes: 4, blocksAtOnce: 1, blockSizes: [], blockStarts: [], blockObjects: [],
                objectCount: 8, referenceSize: 1, offsetSize: 1, tableOffset: 4)
            PlistObjectWriter.write(
                plan, header: { $0.writeHeader(records: [], keys: ["id", "name"], referenceSize: 1) },
                block: { _, _ in }, to: { _ in })
        }
        // Stopped by the writer's own check, before the buffer's end, not by anything after it.
        let said = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(said.contains("binary plist size was miscounted"), "\(said)")
    }

    @Test("a decoder's read outside the file's bytes stops the program rather than read memory")
    func readOutsideTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let bytes: [UInt8] = [1, 2, 3, 4]
            _ = SharedBytes.reading(bytes) { $0.bigEndian(at: 2, size: 4) }
        }
        let said = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(said.contains("a read outside the bytes"), "\(said)")
    }

    @Test("a buffer of the right size is filled to its end, no further")
    func exactFit() throws {
        let students = [Student(name: "Ada", age: 12)]
        let bytes = try RosterCodec.encode(students, format: .binary)
        #expect(try RosterCodec.decode(Data(bytes), path: "x").students == students)
    }
}
