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

    // Every student in the file; a missing file, or one that fails to decode, reads as none.
    static func load() -> [Student] {
        guard let data = try? Data(contentsOf: plistURL),
            let students = try? PropertyListDecoder().decode([Student].self, from: data)
        else { return [] }
        return students
    }

    // One more student: load everything, append, write everything back.
    static func write(item: Student) {
        if !FileManager.default.fileExists(atPath: plistURL.path) {
            FileManager.default.createFile(atPath: plistURL.path, contents: prepareData([item]))
        } else {
            var students = load()
            students.append(item)
            try? prepareData(students).write(to: plistURL)
        }
    }
}

for (name, age) in [("Ada", "12"), ("Grace", "11"), ("Alan", "12")] {
    StorageHandler.write(item: Student(name: name, age: age))
}
print(StorageHandler.load().map(\.name))

// Prints:
// ["Ada", "Grace", "Alan"]
