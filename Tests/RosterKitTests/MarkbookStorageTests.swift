import Foundation
import Testing

@testable import RosterKit

/// The markbook kept beside the roster and the marks in each record: one change, one undo step.
@Suite("Markbook storage")
struct MarkbookStorageTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
        try StorageHandler.save(
            [Student(name: "Ada Lovelace", age: 12), Student(name: "Alan Turing", age: 13)], to: file)
    }

    /// Adds an assessment and gives Ada a mark on it, in one change.
    func addQuiz(mark: String = "8") throws {
        try StorageHandler.updateMarkbook(at: file, command: "assessment") { book, students in
            let quiz = try book.add(Assessment(name: "Quiz 1", outOf: Fraction(10)))
            students[0].marks[quiz.id] = try Mark(typed: mark, outOf: quiz.outOf)
        }
    }

    @Test("a markbook change writes the markbook and the marks together, and undo takes back both")
    func undoTakesBackBoth() throws {
        try addQuiz()
        var (students, book) = try StorageHandler.loadMarkbook(from: file)
        #expect(book.assessments.map(\.name) == ["Quiz 1"])
        #expect(students[0].marks == ["a1": .points(Fraction(8))])
        try StorageHandler.undo(at: file)
        (students, book) = try StorageHandler.loadMarkbook(from: file)
        #expect(book.isEmpty)
        #expect(students[0].marks.isEmpty)
        try StorageHandler.redo(at: file)
        (students, book) = try StorageHandler.loadMarkbook(from: file)
        #expect(book.assessments.map(\.name) == ["Quiz 1"])
        #expect(students[0].marks == ["a1": .points(Fraction(8))])
    }

    @Test("a change of marks alone leaves the markbook, and its undo leaves the markbook too")
    func marksAlone() throws {
        try addQuiz()
        try StorageHandler.updateMarkbook(at: file, command: "mark") { _, students in
            students[1].marks["a1"] = .excused
        }
        #expect(try StorageHandler.loadMarkbook(from: file).students[1].marks == ["a1": .excused])
        try StorageHandler.undo(at: file)
        let (students, book) = try StorageHandler.loadMarkbook(from: file)
        #expect(students[1].marks.isEmpty)
        #expect(book.assessments.count == 1)
    }

    @Test("a change that changes nothing writes nothing and keeps no step")
    func nothingChanged() throws {
        try addQuiz()
        let steps = try StorageHandler.history(at: file).count
        try StorageHandler.updateMarkbook(at: file, command: "mark") { _, students in
            students[0].marks["a1"] = .points(Fraction(8))
        }
        #expect(try StorageHandler.history(at: file).count == steps)
    }

    @Test("the roster with marks is still an array of the iOS app's students")
    func appStillReads() throws {
        try addQuiz(mark: "80%")
        struct AppStudent: Decodable {
            let id: UUID
            let name: String
            let age: String
        }
        let app = try PropertyListDecoder().decode([AppStudent].self, from: Data(contentsOf: file))
        #expect(app.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        #expect(try StorageHandler.load(from: file)[0].marks == ["a1": .percent(Fraction(80))])
    }

    @Test("a damaged mark in a record names the record when the roster is read")
    func damagedMark() throws {
        try addQuiz()
        let students = try StorageHandler.load(from: file)
        var text = String(decoding: try RosterCodec.encode(students, format: .xml), as: UTF8.self)
        #expect(text.contains("<string>8</string>"))
        text = text.replacingOccurrences(of: "<string>8</string>", with: "<string>eight</string>")
        try text.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            throws: StorageError.damaged(
                path: file.path,
                reason: "record 1 has a mark for 'a1' that is not points, a percentage, EX or MI")
        ) {
            try StorageHandler.load(from: file)
        }
    }

    @Test("a damaged mark in a binary roster names its record, after records whose marks share its objects")
    func damagedMarkInBinary() throws {
        try addQuiz()
        var students = try StorageHandler.load(from: file)
        let marks = { (text: String) in
            [
                PlistEntry(
                    key: Student.marksKey, value: .dictionary([PlistEntry(key: "a1", value: .string(text))]))
            ]
        }
        students[0].otherFields = marks("8")
        students[1].otherFields = marks("8")
        let good = try RosterCodec.encode(students, format: .binary)
        try Data(good).write(to: file)
        #expect(
            try StorageHandler.load(from: file).map { $0.marks["a1"] } == [
                .points(Fraction(8)), .points(Fraction(8)),
            ])
        students[1].otherFields = marks("eight")
        try Data(try RosterCodec.encode(students, format: .binary)).write(to: file)
        #expect(
            throws: StorageError.damaged(
                path: file.path,
                reason: "record 2 has a mark for 'a1' that is not points, a percentage, EX or MI")
        ) {
            try StorageHandler.load(from: file)
        }
    }

    @Test("clearing a student's last mark leaves no marks behind in the file")
    func clearingLastMark() throws {
        try addQuiz()
        try StorageHandler.updateMarkbook(at: file, command: "mark") { _, students in
            students[0].marks["a1"] = nil
        }
        #expect(try StorageHandler.load(from: file)[0].marks.isEmpty)
        #expect(try !Data(contentsOf: file).contains(Data("marks".utf8)))
    }
}

extension Data {
    fileprivate func contains(_ other: Data) -> Bool { range(of: other) != nil }
}
