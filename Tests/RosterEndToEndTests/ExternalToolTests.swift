import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Files roster writes must be accepted by other tools: `plutil -lint` and Python's `plistlib`.
@Suite("Other tools read roster's files")
struct ExternalToolTests {
    static func tool(_ name: String) -> URL? {
        installedTool(name)
    }

    static func run(_ tool: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A roster with every kind of value, written by roster in both formats.
    static func writeRosters(in folder: URL) throws -> [URL] {
        var students = (0..<300).map { index in
            Student(
                name: "Student \(index) Zoë 李华 & <co>", age: 1 + index % 120, grade: index % 14,
                score: Double(index) / 3)
        }
        students.append(Student(name: "Ada", age: 12))
        let binary = folder.appendingPathComponent("binary.plist")
        try StorageHandler.save(students, to: binary)
        let xml = folder.appendingPathComponent("xml.plist")
        try StorageHandler.writeFile(InterchangeFormat.plist.data(for: students), to: xml)
        let empty = folder.appendingPathComponent("empty.plist")
        try StorageHandler.save([], to: empty)
        let appended = folder.appendingPathComponent("appended.plist")
        try StorageHandler.save(Array(students.prefix(20)), to: appended)
        for student in students.dropFirst(20).prefix(5) { try StorageHandler.write(student, to: appended) }
        try StorageHandler.append(Array(students.dropFirst(25)), to: appended)
        return [binary, xml, empty, appended]
    }

    @Test("plutil -lint accepts every roster file", .enabled(if: tool("plutil") != nil))
    func plutil() throws {
        let sandbox = try RosterSandbox()
        for file in try Self.writeRosters(in: sandbox.folder) {
            let (status, output) = try Self.run(try #require(Self.tool("plutil")), ["-lint", file.path])
            #expect(status == 0, "\(file.lastPathComponent): \(output)")
        }
    }

    @Test("Python's plistlib reads every roster file as roster does", .enabled(if: tool("python3") != nil))
    func plistlib() throws {
        let sandbox = try RosterSandbox()
        let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/plist_oracle.py")
        for file in try Self.writeRosters(in: sandbox.folder) {
            let (status, output) = try Self.run(try #require(Self.tool("python3")), [oracle.path, file.path])
            #expect(status == 0)
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let rows = try #require(
                object?["students"] as? [[String: Any]], "plistlib could not read \(file.lastPathComponent)")
            let students = try StorageHandler.load(from: file)
            #expect(rows.count == students.count)
            for (row, student) in zip(rows, students) {
                #expect(row["id"] as? String == student.id.uuidString)
                #expect(row["name"] as? String == student.name)
                #expect(row["age"] as? Int == student.age)
                #expect(row["grade"] as? Int == student.grade)
                #expect(row["score"] as? Double == student.score)
            }
        }
    }
}
