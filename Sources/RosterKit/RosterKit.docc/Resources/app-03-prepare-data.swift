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

    // Students become the bytes of a property list. A failure becomes empty data: the first
    // place the app can lose a class without a word.
    static func prepareData(_ students: [Student]) -> Data {
        (try? PropertyListEncoder().encode(students)) ?? Data()
    }
}

// A binary property list starts with its name and version.
let data = StorageHandler.prepareData([Student(name: "Ada", age: "12")])
print(String(decoding: data.prefix(8), as: UTF8.self))

// Prints:
// bplist00
