import Foundation
import Testing

@testable import RosterKit

/// Every change of a class goes through ``ClassroomIntents``, and ``RosterViewModel`` offers each
/// of them to an app.
@Suite("One door for changes")
struct OneDoorTests {
    /// The transaction's ways of changing a roster, which only intents (and the storage) call.
    static func changes() throws -> Regex<AnyRegexOutput> {
        try Regex(
            #"StorageHandler\.(change|changeStored|update|updateStored|updateMarkbook|append|rewrite|importChange|moveStudents|moveRoster|save|write)\("#
        )
    }

    /// The top-level declarations of a source file, each as its first line and its text.
    static func topLevel(_ text: String) -> [(header: String, text: String)] {
        var blocks: [(header: String, text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let isDeclaration = ["extension ", "public enum ", "enum ", "struct ", "public struct "].contains
            {
                line.hasPrefix($0)
            }
            if isDeclaration || blocks.isEmpty {
                blocks.append((String(line), ""))
            }
            blocks[blocks.count - 1].text += line + "\n"
        }
        return blocks
    }

    @Test("outside the storage, only ClassroomIntents changes a roster")
    func onlyIntentsChange() throws {
        let changes = try Self.changes()
        var callers: [String] = []
        for (path, text) in try WhereThingsAreTests.sources(of: "RosterKit")
        where !path.hasPrefix("Storage/") && path != "StorageHandler.swift" {
            for block in Self.topLevel(text) where block.text.contains(changes) {
                if !block.header.contains("ClassroomIntents") { callers.append("\(path): \(block.header)") }
            }
        }
        for (path, text) in try WhereThingsAreTests.sources(of: "RosterCLI") where text.contains(changes) {
            callers.append("RosterCLI/\(path)")
        }
        #expect(callers == [])
    }

    /// The base names of the public functions declared in `files` that start with `declaration`.
    static func names(declaredBy declaration: String, inFilesNamed prefix: String) throws -> Set<String> {
        var names: Set<String> = []
        for (path, text) in try WhereThingsAreTests.sources(of: "RosterKit")
        where path.split(separator: "/").last?.hasPrefix(prefix) == true {
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix(declaration) else { continue }
                let rest = trimmed.dropFirst(declaration.count)
                names.insert(String(rest.prefix { $0.isLetter || $0.isNumber }))
            }
        }
        return names
    }

    @Test("the view model offers every intent")
    func viewModelOffersEveryIntent() throws {
        let intents = try Self.names(declaredBy: "public static func ", inFilesNamed: "ClassroomIntents")
        let actions = try Self.names(declaredBy: "public func ", inFilesNamed: "RosterViewModel")
        // Reading a maximum or a weight as typed, and an assessment before it is removed, are no
        // changes; the register's mark is the tutorial's `mark(_:as:in:)`.
        let notActions: Set = ["maximum", "weight", "assessmentAndMarks"]
        let expected = intents.subtracting(notActions).map { $0 == "markAttendance" ? "mark" : $0 }
        #expect(intents.count > 25)
        #expect(Set(expected).subtracting(actions) == [])
    }
}

/// A class's term through the view model alone: each action changes the file and shows it.
@Suite("RosterViewModel offers a class's year")
@MainActor
struct RosterViewModelYearTests {
    let folder: TemporaryFolder
    let file: URL
    let model: RosterViewModel

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
        try StorageHandler.save((1...12).map { Student(name: "Student \($0)", age: 12) }, to: file)
        model = RosterViewModel(fileURL: file)
    }

    private func committed() throws -> [Student] { try StorageHandler.load(from: file) }

    @Test("the roll and the register")
    func register() async throws {
        let lesson = try #require(Lesson(day: SchoolDay.today()))
        let ids = try committed().map(\.id)
        try await model.recordRegister(
            [ids[0]: AttendanceEntry(.late), ids[1]: AttendanceEntry(.present)], in: lesson)
        #expect(model.students[0].attendance[lesson]?.mark == .late)
        #expect(model.students == (try committed()))
        let deleted = try await model.deleteRegister(lesson)
        #expect(deleted.count == 2 && model.students.allSatisfy { $0.attendance.isEmpty })
        try await model.leave(["Student 3"])
        #expect(model.students[2].left != nil)
        try await model.rejoin(["Student 3"])
        #expect(model.students[2].left == nil)
        let other = folder.file("other.plist")
        try StorageHandler.save([], to: other)
        let moved = try await model.move(["Student 4"], to: other)
        let joined = try StorageHandler.load(from: other)
        #expect(moved.map(\.name) == ["Student 4"] && joined.count == 1)
        #expect(model.students.first { $0.name == "Student 4" }?.left != nil)
        let removal = try await model.remove(["Student 5"], forgetting: true)
        #expect(removal.erased.map(\.name) == ["Student 5"] && model.students.count == 11)
        try await model.setWatch([(name: "lates", value: 5)])
        #expect((try StorageHandler.markbook(from: file))?.watch?.lates == 5)
        try await model.resetWatch()
        #expect((try StorageHandler.markbook(from: file))?.watch == nil)
    }

    @Test("picking, groups and seats")
    func classroom() async throws {
        let first = try await model.pick(seed: 7)
        let second = try await model.pick(seed: 7)
        #expect(first.students.count == 1 && second.students != first.students)
        #expect(second.leftInRound == 10)
        let made = try await model.makeGroups(.count(3), seed: 1)
        #expect(made.groups.count == 3 && made.groups.joined().count == 12)
        #expect(try await model.keepApart(["Student 1", "Student 2"]).count == 2)
        let apart = try await model.makeGroups(.count(6), seed: 2)
        #expect(
            !apart.groups.contains { group in
                group.contains { $0.name == "Student 1" } && group.contains { $0.name == "Student 2" }
            })
        #expect(try await model.clearApart() == 1)
        let plan = try await model.makeSeats(rows: 3, columns: 4, seed: 3).plan
        #expect(plan.taken.count == 12)
        let (one, other) = (plan.taken[0], plan.taken[1])
        let swapped = try await model.swapSeats(one.student.name, other.student.name).plan
        #expect(
            swapped.seat(of: one.student.id) == other.seat && swapped.seat(of: other.student.id) == one.seat)
        #expect(try await model.seatingPlan().plan == swapped)
    }

    @Test("the markbook and the comments")
    func markbookAndComments() async throws {
        try await model.setCategory("Tests", weight: .some(Fraction(1)))
        try await model.addAssessment(Assessment(name: "Quiz", outOf: Fraction(10), category: "Tests"))
        try await model.mark("Quiz", [ClassroomIntents.MarkEntry(student: "Student 1", value: "8")])
        #expect(model.students[0].hasMarks)
        try await model.editAssessment("Quiz", outOf: Fraction(20))
        try await model.renameAssessment("Quiz", to: "Quiz 1")
        try await model.setScale(try LetterScale(parsing: "A:70, B:50, C:0"))
        var book = try #require(try StorageHandler.markbook(from: file))
        #expect(book.assessments.map(\.name) == ["Quiz 1"] && book.assessments[0].outOf == Fraction(20))
        #expect(book.scale != nil && book.categories.map(\.name) == ["Tests"])
        let number = try await model.addComment("{name} works hard.")
        try await model.editComment(number, text: "{name} works very hard.", when: nil)
        let chosen = try await model.chooseComment(for: "Student 1", number: number)
        #expect(chosen.comment == "Student 1 works very hard.")
        #expect(model.students[0].reportComment != nil)
        try await model.setCommentLimit(300)
        try await model.removeComment(number)
        try await model.removeAssessment("Quiz 1")
        try await model.removeCategory("Tests")
        try await model.setScale(nil)
        book = try StorageHandler.markbook(from: file) ?? Markbook()
        #expect(
            book.assessments.isEmpty && book.categories.isEmpty && book.comments?.entries.isEmpty != false)
        #expect(!model.students[0].hasMarks)
    }
}
