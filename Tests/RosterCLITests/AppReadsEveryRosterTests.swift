import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The iOS teaching app's own model, exactly as the app declares it: its decoder must read every
/// roster roster writes.
private struct AppStudent: Codable {
    var id: UUID
    var name: String
    var age: String
}

/// After every command that writes, the roster (and any plist it exports) is read by the iOS
/// app's `PropertyListDecoder` with the app's `Student` type.
@Suite("The iOS app reads every roster roster writes")
struct AppReadsEveryRosterTests {
    /// Decodes `url` as the app does; the students' names, or the decoder's complaint.
    static func appRead(_ url: URL) -> Result<[String], any Error> {
        Result {
            try PropertyListDecoder().decode([AppStudent].self, from: Data(contentsOf: url)).map(\.name)
        }
    }

    @Test("after each command, the app decodes the roster with its Student type")
    func everyCommand() throws {
        let sandbox = try RosterSandbox()
        let csv = sandbox.folder.appendingPathComponent("office.csv")
        try Data("name,age,score\nAda Lovelace,12,95\nLeo Brown,11,70\n".utf8).write(to: csv)
        let exported = sandbox.folder.appendingPathComponent("export.plist")
        let seventhB = sandbox.folder.appendingPathComponent("Documents/Classes/7B.plist")
        let commands: [[String]] = [
            ["add", "Ada Lovelace", "--age", "12", "--grade", "7"], ["add", "Zoë Martin", "--age", "11"],
            ["edit", "zoe", "--age", "12", "--score", "88", "--note", "front"], ["absent", "zoe"],
            ["present"],
            ["import", csv.path],
            ["category", "set", "Homework", "--weight", "50", "--drop-lowest", "1"],
            ["assessment", "add", "Quiz 1", "--out-of", "10", "--category", "Homework"],
            ["mark", "quiz 1", "leo", "8", "ada", "ex"], ["scale", "set", "A:90 B:50 C:0"],
            ["assessment", "rename", "q1", "Quiz One"],
            ["assessment", "add", "Old", "--out-of", "5", "--from-score"],
            ["assessment", "remove", "old", "--yes"], ["undo"], ["redo"], ["grades"],
            ["pick"], ["groups", "--count", "2"],
            ["seats", "--rows", "2", "--columns", "2"],
            ["--class", "7B", "add", "Kofi Mensah", "--age", "13"], ["move", "leo", "--to", "7B"],
            ["leave", "zoe", "--date", "yesterday"], ["rejoin", "zoe"], ["remove", "--forget", "ada"],
            ["undo"],
            ["remove", "ada"], ["undo"], ["redo"], ["delete-all", "--yes"], ["undo"],
            ["export", "--format", "plist", "--output", exported.path],
        ]
        for command in commands {
            let result = sandbox.run(command)
            try #require(result.status == 0, "\(command): \(result.errorOutput)")
            for file in [sandbox.file, seventhB, exported]
            where FileManager.default.fileExists(atPath: file.path) {
                let read = Self.appRead(file)
                #expect((try? read.get()) != nil, "after \(command), \(file.lastPathComponent): \(read)")
            }
        }
        // Leo moved to 7B: he stays here as a leaver, with his marks.
        #expect(try Self.appRead(sandbox.file).get().sorted() == ["Ada Lovelace", "Leo Brown", "Zoë Martin"])
        #expect(try Self.appRead(exported).get().sorted() == ["Ada Lovelace", "Leo Brown", "Zoë Martin"])
        #expect(try Self.appRead(seventhB).get().sorted() == ["Kofi Mensah", "Leo Brown"])
        // His mark stays with the class it was given in.
        let marks = { (url: URL) in try StorageHandler.load(from: url).first { $0.name == "Leo Brown" }?.marks
        }
        #expect(try marks(sandbox.file) == ["a1": .points(Fraction(8))])
        #expect(try marks(seventhB) == [:])
    }

    @Test("a roster whose ages are numbers, as plistlib writes them, keeps numbers")
    func numbersStayNumbers() throws {
        let sandbox = try RosterSandbox()
        let record: [String: Any] = ["id": UUID().uuidString, "name": "Ada", "age": 12]
        let data = try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0)
        try data.write(to: sandbox.file)
        #expect(sandbox.run(["add", "Zoë Martin", "--age", "11"]).status == 0)
        let students = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: sandbox.file), format: nil)
                as? [[String: Any]])
        #expect(students.map { $0["age"] is Int } == [true, true])
    }
}
