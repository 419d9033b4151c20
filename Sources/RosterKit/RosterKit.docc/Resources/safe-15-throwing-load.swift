import Foundation

struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}

/// Why a roster could not be read: a fact, for whoever calls to describe.
enum StorageError: Error {
    case damaged(path: String, reason: String)
}

// A caseless enum, as in the app: StorageHandler holds no state, only functions of
// a URL, and an enum cannot be created by mistake (`StorageHandler()` does not compile).
enum StorageHandler {
    static var plistURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("students.plist")
    }

    // Step 1 of the safe storage layer: `load` throws. A missing file is an empty class; a file
    // that is there but cannot be decoded is an error, never `[]`.
    static func load(from url: URL = plistURL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data = try Data(contentsOf: url)
        do {
            return try PropertyListDecoder().decode([Student].self, from: data)
        } catch {
            throw StorageError.damaged(path: url.path, reason: "\(error)")
        }
    }
}
