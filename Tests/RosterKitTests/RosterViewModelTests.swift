import Foundation
import Observation
import Testing

@testable import RosterKit

@Suite("RosterViewModel")
struct RosterViewModelTests {
    let folder: TemporaryFolder
    let model: RosterViewModel

    init() throws {
        folder = try TemporaryFolder()
        model = RosterViewModel(fileURL: folder.file())
    }

    @Test("add validates, trims and stores")
    func add() throws {
        let student = try model.add(name: "  Ada Lovelace ", age: 12, grade: 7, score: 91.5)
        #expect(student.name == "Ada Lovelace")
        #expect(model.students == [student])
        #expect(try StorageHandler.load(from: model.fileURL) == [student])
    }

    @Test("add refuses bad values and writes nothing")
    func addRefuses() throws {
        #expect(throws: ValidationError.self) { try model.add(name: "Ada", age: 0) }
        #expect(throws: ValidationError.self) { try model.add(name: "Ada", age: 12, grade: 14) }
        #expect(throws: ValidationError.self) { try model.add(name: "", age: 12) }
        #expect(!FileManager.default.fileExists(atPath: model.fileURL.path))
    }

    @Test("edit changes only what it is given, and can clear grade and score")
    func edit() throws {
        let ada = try model.add(name: "Ada", age: 12, grade: 7, score: 91.5)
        let older = try model.edit("Ada", StudentChanges(age: 13))
        #expect(older == Student(id: ada.id, name: "Ada", age: 13, grade: 7, score: 91.5))
        let cleared = try model.edit(
            String(ada.id.uuidString.prefix(6)), StudentChanges(clearGrade: true, clearScore: true))
        #expect(cleared.grade == nil && cleared.score == nil && cleared.age == 13)
        #expect(try StorageHandler.load(from: model.fileURL) == [cleared])
    }

    @Test("a refused edit changes nothing")
    func editRefused() throws {
        try model.add(name: "Ada", age: 12)
        let before = try Data(contentsOf: model.fileURL)
        #expect(throws: ValidationError.self) { try model.edit("Ada", StudentChanges(score: 101)) }
        #expect(throws: LookupError.self) { try model.edit("Bob", StudentChanges(age: 3)) }
        #expect(try Data(contentsOf: model.fileURL) == before)
    }

    @Test("remove is all or nothing")
    func remove() throws {
        try model.add(name: "Ada", age: 12)
        try model.add(name: "Alan", age: 12)
        try model.add(name: "Grace", age: 13)
        #expect(throws: LookupError.notFound(reference: "Bob", closest: [])) {
            try model.remove(["Ada", "Bob"])
        }
        #expect(model.students.count == 3)
        let removed = try model.remove(["Grace", "Ada", "ada"])
        #expect(removed.map(\.name) == ["Ada", "Grace"])
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name) == ["Alan"])
    }

    @Test(
        "remove keeps the others in their order",
        arguments: [
            (["B", "D"], "ACEF"), (["A"], "BCDEF"), (["F", "A"], "BCDE"), (["C", "D", "E"], "ABF"),
        ])
    func removeKeepsOrder(references: [String], left: String) throws {
        for name in ["A", "B", "C", "D", "E", "F"] { try model.add(name: name, age: 12) }
        try model.remove(references)
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name).joined() == left)
        #expect(model.students.map(\.name).joined() == left)
    }

    @Test("delete all, then undo")
    func deleteAllUndo() throws {
        try model.add(name: "Ada", age: 12)
        try model.deleteAll()
        #expect(model.students.isEmpty)
        try model.undo()
        #expect(model.students.map(\.name) == ["Ada"])
    }

    @Test("intents work on the file as it is now, not as it was loaded")
    func freshRead() throws {
        let other = RosterViewModel(fileURL: model.fileURL)
        try other.add(name: "Alan", age: 12)
        try model.add(name: "Ada", age: 12)
        #expect(try StorageHandler.load(from: model.fileURL).map(\.name) == ["Alan", "Ada"])
        try model.load()
        #expect(model.students.map(\.name) == ["Alan", "Ada"])
    }
}

/// A SwiftUI view redraws when what it read changes; `withObservationTracking` is how it learns.
@Suite("RosterViewModel is observable")
struct RosterViewModelObservationTests {
    /// Whether running `change` tells an observer of `students` that they changed.
    private func notifies(_ model: RosterViewModel, _ change: () throws -> Void) rethrows -> Bool {
        let changed = Flag()
        withObservationTracking {
            _ = model.students
        } onChange: {
            changed.set()
        }
        try change()
        return changed.isSet
    }

    @Test("load, add, edit, remove, undo and redo each tell a view that the students changed")
    func everyIntent() throws {
        let folder = try TemporaryFolder()
        try StorageHandler.save([Student(name: "Ada", age: 12)], to: folder.file())
        let model = RosterViewModel(fileURL: folder.file())
        #expect(try notifies(model) { try model.load() })
        #expect(try notifies(model) { try model.add(name: "Alan", age: 13) })
        #expect(try notifies(model) { try model.edit("Alan", StudentChanges(score: 90)) })
        #expect(model.students.last?.score == 90)
        #expect(try notifies(model) { try model.remove(["Ada"]) })
        #expect(model.students.map(\.name) == ["Alan"])
        #expect(try notifies(model) { try model.undo() })
        #expect(model.students.map(\.name) == ["Ada", "Alan"])
        #expect(try notifies(model) { try model.redo() })
        #expect(model.students.map(\.name) == ["Alan"])
        #expect(try !notifies(model) { _ = model.sorted() })
    }
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
