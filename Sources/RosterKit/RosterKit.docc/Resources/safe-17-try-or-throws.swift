import Foundation

struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: Int
}

enum StorageError: Error {
    case damaged(path: String, reason: String)
}

enum StorageHandler {
    static func load(from url: URL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            return try PropertyListDecoder().decode([Student].self, from: Data(contentsOf: url))
        } catch {
            throw StorageError.damaged(path: url.path, reason: "\(error)")
        }
    }

    // Step 3: `try?` against `throws`. The app's `try? load()` turned a damaged file into [], and
    // the write that followed replaced it. Here the write calls `try load`: a file that cannot be
    // read stops the write, and the class is still on disk for someone to rescue.
    static func write(_ student: Student, to url: URL) throws {
        var students = try load(from: url)
        students.append(student)
        try PropertyListEncoder().encode(students).write(to: url)
    }
}
