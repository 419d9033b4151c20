import Foundation

// The teaching app's model: one student, as the app stores it in students.plist.
struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}

// Where the app keeps its roster: students.plist in the app's documents folder.
enum StorageHandler {
    static var plistURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("students.plist")
    }
}

print(StorageHandler.plistURL.pathComponents.suffix(2).joined(separator: "/"))

// Prints:
// Documents/students.plist
