import Foundation
import Testing

@testable import RosterKit

/// A private temporary folder for one test, removed when the test is done.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("roster-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder; nothing is created.
    func file(_ name: String = "students.plist") -> URL {
        url.appendingPathComponent(name)
    }
}

/// The repository's `Fixtures/` folder.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}

/// The permission bits of a file.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
}

extension Student {
    /// A student with a fixed id, for readable test tables.
    static func fixture(_ name: String, age: Int = 12, grade: Int? = nil, score: Double? = nil, id: Int = 0)
        -> Student
    {
        let text = String(format: "00000000-0000-4000-8000-%012X", id)
        return Student(id: UUID(uuidString: text) ?? UUID(), name: name, age: age, grade: grade, score: score)
    }
}

extension ImportChanges {
    /// The roster after importing `imported` into a copy of `roster`, and the changes that makes.
    static func planned(_ imported: RosterImporter.Result, onto roster: [Student], replace: Bool)
        -> (roster: [Student], changes: ImportChanges)
    {
        var roster = roster
        let changes = planned(imported, into: &roster, replace: replace)
        return (roster, changes)
    }

    /// The roster after importing `students`, each with the id a file of roster's own gives it,
    /// into `roster`, and the changes that makes.
    static func applying(_ students: [Student], to roster: [Student], replace: Bool)
        -> (roster: [Student], changes: ImportChanges)
    {
        let sources = students.indices.map { ImportSource(record: $0 + 1, hasFileID: true) }
        return planned(
            RosterImporter.Result(students: students, sources: sources), onto: roster, replace: replace)
    }
}

extension ImportMatching {
    /// The file's students, each matched row carrying the id of its student of `roster`, the
    /// roster the rows were matched against, and their spelling of the name when matched by it.
    func students(of roster: [Student]) -> [Student] {
        rows.indices.map { row in
            var student = rows[row]
            if let match = matches[row] {
                student.id = roster[match.index].id
                if match.byName { student.name = roster[match.index].name }
            }
            return student
        }
    }
}
