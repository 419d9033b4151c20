import Foundation
import Observation
import Testing

@testable import RosterEngine
@testable import RosterKit

@Suite("RosterViewModel")
@MainActor
struct RosterViewModelTests {
    let folder: TemporaryFolder
    let model: RosterViewModel

    init() throws {
        folder = try TemporaryFolder()
        model = RosterViewModel(fileURL: folder.file())
    }

    @Test("add validates, trims and stores")
    func add() async throws {
        let student = try await model.add(name: "  Ada Lovelace ", age: 12, grade: 7, score: 91.5)
        #expect(student.name == "Ada Lovelace")
        #expect(model.students == [student])
        #expect(try StorageHandler.load(from: model.fileURL) == [student])
    }

    @Test("add refuses bad values and writes nothing")
    func addRefuses() async throws {
        await #expect(throws: ValidationError.self) { try await model.add(name: "Ada", age: 0) }
        await #expect(throws: ValidationError.self) { try await model.add(name: "Ada", age: 12, grade: 14) }
        await #expect(throws: ValidationError.self) { try await model.add(name: "", age: 12) }
        #expect(!FileManager.default.fileExists(atPath: model.fileURL.path))
    }

    @Test("edit changes only what it is given, and can clear grade and score")
    func edit() async throws {
        let ada = try await model.add(name: "Ada", age: 12, grade: 7, score: 91.5)
        let older = try await model.edit("Ada", StudentChanges(age: 13))
        #expect(older == Student(id: ada.id, name: "Ada", age: 13, grade: 7, score: 91.5))
        let cleared = try await model.edit(
            String(ada.id.uuidString.prefix(6)), StudentChanges(clearGrade: true, clearScore: true))
        #expect(cleared.grade == nil && cleared.score == nil && cleared.age == 13)
        #expect(try StorageHandler.load(from: model.fileURL) == [cleared])
    }

    @Test("a refused edit changes nothing")
    func editRefused() async throws {
        try await model.add(name: "Ada", age: 12)
        let before = try Data(contentsOf: model.fileURL)
        await #expect(throws: ValidationError.self) {
            try await model.edit("Ada", StudentChanges(score: 101))
        }
        await #expect(throws: LookupError.self) { try await model.edit("Bob", StudentChanges(age: 3)) }
        #expect(try Data(contentsOf: model.fileURL) == before)
    }

    @Test("remove is all or nothing")
    func remove() async throws {
        try await model.add(name: "Ada", age: 12)
        try await model.add(name: "Alan", age: 12)
        try await model.add(name: "Grace", age: 13)
        await #expect(throws: LookupError.notFound(reference: "Bob", closest: [])) {
            try await model.remove(["Ada", "Bob"])
        }
        #expect(model.students.count == 3)
        let removed = try await model.remove(["Grace", "Ada", "ada"])
        #expect(removed.map(\.name) == ["Ada", "Grace"])
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name) == ["Alan"])
    }

    @Test(
        "remove keeps the others in their order",
        arguments: [
            (["B", "D"], "ACEF"), (["A"], "BCDEF"), (["F", "A"], "BCDE"), (["C", "D", "E"], "ABF"),
        ])
    func removeKeepsOrder(references: [String], left: String) async throws {
        for name in ["A", "B", "C", "D", "E", "F"] { try await model.add(name: name, age: 12) }
        try await model.remove(references)
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name).joined() == left)
        #expect(model.students.map(\.name).joined() == left)
    }

    @Test("delete all, then undo")
    func deleteAllUndo() async throws {
        try await model.add(name: "Ada", age: 12)
        try await model.deleteAll()
        #expect(model.students.isEmpty)
        try await model.undo()
        #expect(model.students.map(\.name) == ["Ada"])
    }

    @Test("intents work on the file as it is now, not as it was loaded")
    func freshRead() async throws {
        let other = RosterViewModel(fileURL: model.fileURL)
        try await other.add(name: "Alan", age: 12)
        try await model.add(name: "Ada", age: 12)
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name) == ["Alan", "Ada"])
        try await model.load()
        #expect(model.students.map(\.name) == ["Alan", "Ada"])
    }
}

/// A SwiftUI view redraws when what it read changes; `withObservationTracking` is how it learns.
@Suite("RosterViewModel is observable")
@MainActor
struct RosterViewModelObservationTests {
    /// Whether running `change` tells an observer of `students` that they changed.
    private func notifies(_ model: RosterViewModel, _ change: () async throws -> Void) async rethrows -> Bool
    {
        let changed = Flag()
        withObservationTracking {
            _ = model.students
        } onChange: {
            changed.set()
        }
        try await change()
        return changed.isSet
    }

    @Test("load, add, edit, remove, undo and redo each tell a view that the students changed")
    func everyIntent() async throws {
        let folder = try TemporaryFolder()
        try StorageHandler.save([Student(name: "Ada", age: 12)], to: folder.file())
        let model = RosterViewModel(fileURL: folder.file())
        #expect(try await notifies(model) { try await model.load() })
        #expect(try await notifies(model) { try await model.add(name: "Alan", age: 13) })
        #expect(try await notifies(model) { try await model.edit("Alan", StudentChanges(score: 90)) })
        #expect(model.students.last?.score == 90)
        #expect(try await notifies(model) { try await model.remove(["Ada"]) })
        #expect(model.students.map(\.name) == ["Alan"])
        #expect(try await notifies(model) { try await model.undo() })
        #expect(model.students.map(\.name) == ["Ada", "Alan"])
        #expect(try await notifies(model) { try await model.redo() })
        #expect(model.students.map(\.name) == ["Alan"])
        let sortingNotifies = await notifies(model) { _ = model.sorted() }
        #expect(!sortingNotifies)
    }
}

/// Each intent from a fresh view model, never loaded, on a roster of 30 that another process made:
/// afterwards `students` is the whole committed roster.
@Suite("RosterViewModel shows the committed roster")
@MainActor
struct RosterViewModelCommittedTests {
    let folder: TemporaryFolder
    let file: URL
    let thirty: [Student]

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
        thirty = (1...30).map { Student(name: "Student \($0)", age: 12) }
        try StorageHandler.save(thirty, to: file)
    }

    private func fresh() -> RosterViewModel { RosterViewModel(fileURL: file) }

    private func expectCommitted(_ model: RosterViewModel) throws {
        #expect(model.students == (try StorageHandler.load(from: file)))
    }

    @Test("add, edit and remove from a fresh view model leave the whole roster in students")
    func changes() async throws {
        var model = fresh()
        try await model.add(name: "Ada Lovelace", age: 12)
        #expect(model.students.count == 31)
        try expectCommitted(model)
        model = fresh()
        try await model.edit("Student 7", StudentChanges(score: 80))
        #expect(model.students.count == 30 + 1)
        try expectCommitted(model)
        model = fresh()
        try await model.remove(["Student 3"])
        #expect(model.students.count == 30)
        try expectCommitted(model)
    }

    @Test("import, delete-all, undo, redo and a register mark from a fresh view model")
    func otherIntents() async throws {
        let imported = try RosterImporter.read(Data("name,age\nNoor,12\n".utf8), format: .csv)
        var model = fresh()
        try await model.importStudents(imported, replace: false)
        #expect(model.students.map(\.name) == thirty.map(\.name) + ["Noor"])
        try expectCommitted(model)
        model = fresh()
        try await model.mark(
            ["Student 1"], as: AttendanceEntry(.absent), in: #require(Lesson(day: SchoolDay.today())))
        #expect(model.students.count == 31)
        model = fresh()
        try await model.deleteAll()
        #expect(model.students.isEmpty)
        model = fresh()
        try await model.undo()
        #expect(model.students.count == 31)
        try expectCommitted(model)
        model = fresh()
        try await model.redo()
        #expect(model.students.isEmpty)
    }

    @Test("intents do their disk work off the main actor")
    func offMainActor() async throws {
        // The roster's lock is held by another thread, which lets it go only once the main actor
        // has run while the intent waited for it: were the intent waiting on the main actor, that
        // could not happen, and the lock would be let go only after 8 seconds.
        let model = fresh()
        let (path, waiting, mainActorRan, released) = (file.path, Flag(), Flag(), DispatchGroup())
        let lock = try LockBox(rosterPath: path)
        DispatchQueue.global().async(group: released) {
            let deadline = Date().addingTimeInterval(8)
            while TransactionTests.openLockFiles(of: path) < 2, Date() < deadline { usleep(1_000) }
            waiting.set()
            while !mainActorRan.isSet, Date() < deadline { usleep(1_000) }
            lock.release()
        }
        let adding = Task { @MainActor in try await model.add(name: "Ada Lovelace", age: 12) }
        while !waiting.isSet { await Task.yield() }
        mainActorRan.set()
        #expect(try await adding.value.name == "Ada Lovelace")
        released.wait()
        try expectCommitted(model)
    }
}

/// A roster's lock, held until another thread lets it go.
private final class LockBox: @unchecked Sendable {
    // Set once in init and cleared once by release(), from one thread.
    private var lock: FileLock?

    init(rosterPath: String) throws { lock = try FileLock(rosterPath: rosterPath) }

    func release() { lock = nil }
}

/// A flag an observation callback sets, from whatever thread it runs on.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() {
        lock.withLock { value = true }
    }
}
