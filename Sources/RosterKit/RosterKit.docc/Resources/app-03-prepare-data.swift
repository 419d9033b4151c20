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

    // Students become the bytes of a property list. A failure becomes empty data: the first
    // place the app can lose a class without a word.
    static func prepareData(_ students: [Student]) -> Data {
        (try? PropertyListEncoder().encode(students)) ?? Data()
    }
}
