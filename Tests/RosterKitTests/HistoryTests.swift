import Foundation
import Testing

@testable import RosterKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Undo reaches back 100 changes, redo goes forward again, and no step loses a version.
@Suite("Undo history")
struct HistoryTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
    }

    private var historyFolder: String { folder.url.path + "/.students.plist.history" }

    private func names() throws -> [String] {
        try StorageHandler.load(from: file).map(\.name)
    }

    @Test("delete-all, add, undo, undo brings the class back; redo goes forward again")
    func reachesBack() throws {
        try StorageHandler.save([Student(name: "Ada", age: 12), Student(name: "Alan", age: 13)], to: file)
        try StorageHandler.deleteAll(at: file)
        try StorageHandler.write(Student(name: "New Kid", age: 12), to: file)
        #expect(try StorageHandler.undo(at: file).command == "add")
        #expect(try names() == [])
        #expect(try StorageHandler.undo(at: file).command == "delete-all")
        #expect(try names() == ["Ada", "Alan"])
        #expect(try StorageHandler.redo(at: file).command == "delete-all")
        #expect(try StorageHandler.redo(at: file).command == "add")
        #expect(try names() == ["New Kid"])
    }

    @Test("a roster removed by hand and made again never adopts the old roster's history: it is set aside")
    func orphanedHistorySetAside() throws {
        try StorageHandler.save([Student(name: "Ada", age: 12)], to: file)
        try StorageHandler.write(Student(name: "Alan", age: 13), to: file)
        try FileManager.default.removeItem(at: file)
        try StorageHandler.write(Student(name: "Zed", age: 9), to: file)
        #expect(try StorageHandler.history(at: file).count == 1)
        #expect(try StorageHandler.undo(at: file).command == "add")
        #expect(try names() == [])
        #expect(throws: StorageError.nothingToUndo(path: file.path)) { try StorageHandler.undo(at: file) }
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasSuffix(".orphaned")
        }
        #expect(aside.count == 1)
    }

    @Test("history lists the changes newest first, with counts, and marks the undone ones")
    func listing() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try StorageHandler.write(Student(name: "Alan", age: 13), to: file)
        try StorageHandler.deleteAll(at: file)
        try StorageHandler.undo(at: file)
        let history = try StorageHandler.history(at: file)
        #expect(history.map(\.command) == ["delete-all", "add", "add"])
        #expect(history.map(\.isUndone) == [true, false, false])
        #expect(history.map(\.studentsBefore) == [2, 1, 0])
        #expect(history.map(\.studentsAfter) == [0, 2, 1])
        #expect(abs(history[0].date.timeIntervalSinceNow) < 60)
    }

    @Test("a new change after an undo drops what could have been redone")
    func newChangeDropsRedo() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try StorageHandler.write(Student(name: "Alan", age: 13), to: file)
        try StorageHandler.undo(at: file)
        try StorageHandler.write(Student(name: "Grace", age: 14), to: file)
        #expect(throws: StorageError.nothingToRedo(path: file.path)) { try StorageHandler.redo(at: file) }
        #expect(try StorageHandler.history(at: file).map(\.isUndone) == [false, false])
        #expect(try names() == ["Ada", "Grace"])
    }

    @Test("only the last 100 versions are kept, oldest dropped first")
    func hundredVersions() throws {
        #expect(RosterHistory.maximumVersions == 100)
        for index in 0..<105 { try StorageHandler.write(Student(name: "S\(index)", age: 12), to: file) }
        #expect(try StorageHandler.history(at: file).count == RosterHistory.maximumVersions)
        for _ in 0..<100 { try StorageHandler.undo(at: file) }
        #expect(try names() == (0..<5).map { "S\($0)" })
        #expect(throws: StorageError.nothingToUndo(path: file.path)) { try StorageHandler.undo(at: file) }
    }

    @Test("the versions stay within the byte limit, keeping at least the newest")
    func sizeBound() throws {
        #expect(RosterHistory.maximumBytes == 256 << 20)
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let history = RosterHistory(rosterPath: file.path)
        for index in 0..<3 {
            try StorageHandler.write(Student(name: "S\(index)", age: 12), to: file)
        }
        // A roster far larger than the limit keeps only its newest version.
        let entries = try history.entries()
        #expect(entries.count == 4)
        try Data(count: 300 << 20).write(to: URL(fileURLWithPath: entries[1].path))
        history.prune(newest: entries[3].path)
        #expect(try history.entries().map(\.sequence) == [entries[2].sequence, entries[3].sequence])
    }

    @Test("a failed write keeps no version, and undo still goes to the one before")
    func failedWrite() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try StorageHandler.update(at: file) { _ in throw Refused() } }
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file.path)
        #expect(throws: StorageError.readOnly(path: file.path)) {
            try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try StorageHandler.history(at: file).count == 1)
        #expect(try StorageHandler.undo(at: file).command == "add")
        #expect(try names() == [])
    }

    @Test("an undo killed after keeping the roster but before the rename is read as not done")
    func interruptedUndo() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        let newest = try #require(try RosterHistory(rosterPath: file.path).entries().last)
        // The first step of an undo: the roster kept as the version to redo.
        let redo = newest.path.replacingOccurrences(of: "-u-", with: "-r-")
        try #require(link(file.path, redo) == 0)
        let history = try StorageHandler.history(at: file)
        #expect(history.map(\.isUndone) == [false, false])
        // Reading the history writes nothing: the next change removes the leftover.
        #expect(FileManager.default.fileExists(atPath: redo))
        try StorageHandler.undo(at: file)
        #expect(try names() == ["Ada"])
        try StorageHandler.redo(at: file)
        #expect(try names() == ["Ada", "Alan"])
    }

    @Test("a students.plist.bak from before the history becomes the first step back")
    func adoptsOldBackup() throws {
        try StorageHandler.save([Student(name: "Ada", age: 12), Student(name: "Alan", age: 13)], to: file)
        try FileManager.default.removeItem(atPath: historyFolder)
        try FileManager.default.copyItem(atPath: file.path, toPath: file.path + ".bak")
        // The roster as an earlier roster left it after emptying it.
        try Data(RosterCodec.encode([], format: .binary)).write(to: file)
        let history = try StorageHandler.history(at: file)
        #expect(history.map(\.command) == ["change"])
        #expect((history[0].studentsBefore, history[0].studentsAfter) == (2, 0))
        #expect(!FileManager.default.fileExists(atPath: file.path + ".bak"))
        try StorageHandler.undo(at: file)
        #expect(try names() == ["Ada", "Alan"])
    }

    @Test("a history folder that is a link or not roster's own is refused")
    func plantedHistory() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try FileManager.default.removeItem(atPath: historyFolder)
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: historyFolder, withDestinationPath: elsewhere.path)
        let before = try Data(contentsOf: file)
        #expect(throws: StorageError.notOwnFile(path: historyFolder)) {
            try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}
