import Foundation

struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}

enum StorageHandler {
    static var plistURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("students.plist")
    }

    static func prepareData(_ students: [Student]) -> Data {
        (try? PropertyListEncoder().encode(students)) ?? Data()
    }

    // Every student in the file; a missing file, or one that fails to decode, reads as none.
    static func load() -> [Student] {
        guard let data = try? Data(contentsOf: plistURL),
            let students = try? PropertyListDecoder().decode([Student].self, from: data)
        else { return [] }
        return students
    }
}
