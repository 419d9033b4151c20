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

    static func load() -> [Student] {
        guard let data = try? Data(contentsOf: plistURL),
            let students = try? PropertyListDecoder().decode([Student].self, from: data)
        else { return [] }
        return students
    }

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

// How a class of 30 is lost: one damaged byte (a cut-off sync, another program) makes `load`
// return [], and the next `write` replaces the whole file with a roster of one.
func loseAClass() throws {
    var bytes = try Data(contentsOf: StorageHandler.plistURL)
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: StorageHandler.plistURL)
    StorageHandler.write(item: Student(name: "New Kid", age: "12"))
    print(StorageHandler.load().count)  // 1
}
