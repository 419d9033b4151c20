import Foundation
import Testing

@testable import RosterKit

@Suite("StorageHandler")
struct StorageHandlerTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
    }

    @Test("a missing file loads as an empty roster")
    func missingFile() throws {
        #expect(try StorageHandler.load(from: file) == [])
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("write appends, save replaces, load returns file order")
    func writeSaveLoad() throws {
        let ada = Student(name: "Ada", age: 12)
        let zoe = Student(name: "Zoë", age: 11, grade: 6, score: 91)
        try StorageHandler.write(ada, to: file)
        try StorageHandler.write(zoe, to: file)
        #expect(try StorageHandler.load(from: file) == [ada, zoe])
        try StorageHandler.save([zoe], to: file)
        #expect(try StorageHandler.load(from: file) == [zoe])
    }

    @Test("new rosters are binary plists, as the tutorial's encoder writes them")
    func binaryByDefault() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let data = try Data(contentsOf: file)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try StorageHandler.prepareData([]).starts(with: Array("bplist00".utf8)))
    }

    @Test("an XML roster stays XML when it is rewritten")
    func keepsXML() throws {
        let ada = Student(name: "Ada", age: 12)
        try Data(RosterCodec.encode([ada], format: .xml)).write(to: file)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(try StorageHandler.load(from: file).map(\.name) == ["Ada", "Alan"])
    }

    @Test("a roster converted to XML by plutil stays XML when it is rewritten")
    func keepsPlutilXML() throws {
        try Fixtures.data("sample-class-xml.plist").write(to: file)
        try StorageHandler.write(Student(name: "New", age: 12), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<?xml"))
        let students = try StorageHandler.load(from: file)
        #expect(students.count == 31)
        #expect(
            Array(students.prefix(30)) == (try StorageHandler.load(from: Fixtures.url("sample-class.plist"))))
    }

    @Test("files are private: roster, versions and lock 0600, a new folder and the history 0700")
    func privateModes() throws {
        let nested = folder.url.appendingPathComponent("new/class").appendingPathComponent("students.plist")
        try StorageHandler.write(Student(name: "Ada", age: 12), to: nested)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: nested.path)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: nested)
        #expect(try permissions(of: nested) == 0o644)
        let history = nested.deletingLastPathComponent().appendingPathComponent(".students.plist.history")
        #expect(try permissions(of: history) == 0o700)
        // The two versions, and the description of each change.
        let versions = try FileManager.default.contentsOfDirectory(atPath: history.path)
        #expect(versions.filter { $0.hasSuffix(".plist") }.count == 2)
        #expect(versions.filter { $0.hasSuffix(".about") }.count == 2)
        for version in versions {
            #expect(try permissions(of: history.appendingPathComponent(version)) == 0o600, "\(version)")
        }
        #expect(try permissions(of: URL(fileURLWithPath: nested.path + ".lock")) == 0o600)
        #expect(try permissions(of: nested.deletingLastPathComponent()) == 0o700)
    }

    @Test("an existing roster keeps its mode when rewritten")
    func keepsMode() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        #expect(try permissions(of: file) == 0o640)
    }

    @Test(
        "a damaged file throws, names the file, and is left as it was",
        arguments: [
            ("empty", Data(), "the file is empty"),
            ("garbage", Data("hello, world".utf8), "not a property list"),
            ("truncated", Data("bplist00\u{1}\u{2}".utf8), "not a property list"),
        ])
    func damaged(label: String, bytes: Data, reason: String) throws {
        try bytes.write(to: file)
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: file) }
        #expect(error.description.contains(file.path))
        #expect(error.description.contains(reason))
        #expect(throws: StorageError.self) {
            try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        }
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test("a record without a name or with a bad age is named in the error")
    func damagedRecord() throws {
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ada", "age": 12],
            ["id": UUID().uuidString, "age": 12],
        ]
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0).write(
            to: file)
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: file) }
        #expect(error.description.contains("record 2 has no 'name'"))
    }

    @Test("duplicate ids are reported")
    func duplicateIDs() throws {
        let ada = Student(name: "Ada", age: 12)
        try StorageHandler.prepareData([ada, ada]).write(to: file)
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: file) }
        #expect(error.description.contains("record 2 has the same id as record 1"))
    }

    @Test("a top level that is not a list is reported")
    func notAList() throws {
        try PropertyListSerialization.data(fromPropertyList: ["name": "Ada"], format: .xml, options: 0).write(
            to: file)
        let error = try #require(throws: StorageError.self) { try StorageHandler.load(from: file) }
        #expect(error.description.contains("not a list of students"))
    }

    @Test("a folder in place of the roster is reported")
    func folderAsRoster() throws {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(throws: StorageError.isDirectory(path: file.path)) { try StorageHandler.load(from: file) }
    }

    @Test("deleteAll empties the file and undo brings it back; redo deletes again")
    func deleteAllAndUndo() throws {
        let students = [Student(name: "Ada", age: 12), Student(name: "Alan", age: 13)]
        try StorageHandler.save(students, to: file)
        try StorageHandler.deleteAll(at: file)
        #expect(try StorageHandler.load(from: file) == [])
        let undone = try StorageHandler.undo(at: file)
        #expect(undone.command == "delete-all")
        #expect((undone.studentsBefore, undone.studentsAfter) == (2, 0))
        #expect(try StorageHandler.load(from: file) == students)
        #expect(try StorageHandler.undo(at: file).command == "save")
        #expect(try StorageHandler.load(from: file) == [])
        #expect(throws: StorageError.nothingToUndo(path: file.path)) { try StorageHandler.undo(at: file) }
        #expect(try StorageHandler.redo(at: file).command == "save")
        #expect(try StorageHandler.redo(at: file).command == "delete-all")
        #expect(try StorageHandler.load(from: file) == [])
        #expect(throws: StorageError.nothingToRedo(path: file.path)) { try StorageHandler.redo(at: file) }
    }

    @Test("undo on a fresh roster has nothing to undo")
    func nothingToUndo() {
        #expect(throws: StorageError.nothingToUndo(path: file.path)) { try StorageHandler.undo(at: file) }
    }

    @Test("the first write to a new roster writes the roster, keeping only an empty file to undo to")
    func firstWriteVersion() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let history = folder.url.appendingPathComponent(".students.plist.history")
        let versions = try FileManager.default.contentsOfDirectory(atPath: history.path)
        let version = history.appendingPathComponent(try #require(versions.first { $0.hasSuffix(".plist") }))
        #expect(try Data(contentsOf: version).isEmpty)
        #expect(try StorageHandler.undo(at: file).command == "add")
        #expect(try StorageHandler.load(from: file) == [])
        #expect(try StorageHandler.redo(at: file).command == "add")
        #expect(try StorageHandler.load(from: file).map(\.name) == ["Ada"])
    }

    @Test("undo restores the version before the last write")
    func undoWrite() throws {
        let ada = Student(name: "Ada", age: 12)
        try StorageHandler.write(ada, to: file)
        try StorageHandler.write(Student(name: "Alan", age: 12), to: file)
        try StorageHandler.undo(at: file)
        #expect(try StorageHandler.load(from: file) == [ada])
    }

    @Test("a failed change leaves the file as it was")
    func failedChange() throws {
        try StorageHandler.write(Student(name: "Ada", age: 12), to: file)
        let before = try Data(contentsOf: file)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try StorageHandler.update(at: file) { _ in throw Refused() } }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("the default roster is students.plist in $HOME/Documents")
    func defaultURL() {
        let url = StorageHandler.defaultURL(environment: ["HOME": "/home/teacher"])
        #if os(Linux)
            #expect(url.path == "/home/teacher/Documents/students.plist")
        #else
            #expect(url.lastPathComponent == "students.plist")
        #endif
    }

    @Test("the iOS app's file loads: string ages, upper-case ids, UTF-16 names")
    func iOSAppFile() throws {
        let students = try StorageHandler.load(from: Fixtures.url("ios-app-students.plist"))
        #expect(students.map(\.name) == ["Ana Souza", "Zoë Brontë", "田中 太郎", "Ömer Çelik"])
        #expect(students.map(\.age) == [17, 16, 15, 18])
        #expect(students.allSatisfy { $0.grade == nil && $0.score == nil })
    }

    @Test("the sample class loads")
    func sampleClass() throws {
        let students = try StorageHandler.load(from: Fixtures.url("sample-class.plist"))
        #expect(students.count == 30)
        #expect(Set(students.map(\.id)).count == 30)
    }
}
