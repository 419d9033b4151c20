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
