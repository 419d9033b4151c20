import Foundation

struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: String
}

// What can go wrong with the roster file, in words a teacher can act on.
enum StorageError: Error, CustomStringConvertible {
    case damaged(path: String, reason: String)

    var description: String {
        switch self {
        case .damaged(let path, let reason):
            "The roster file '\(path)' is damaged: \(reason). It was left unchanged."
        }
    }
}

enum StorageHandler {
    static var plistURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("students.plist")
    }

    static func prepareData(_ students: [Student]) -> Data {
        (try? PropertyListEncoder().encode(students)) ?? Data()
    }

    // Every student in the file. A missing file is an empty class; a file that is there but
    // does not decode is an error, never [], so nothing is ever written over it.
    static func load(from url: URL = plistURL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data = try Data(contentsOf: url)
        do {
            return try PropertyListDecoder().decode([Student].self, from: data)
        } catch {
            throw StorageError.damaged(path: url.path, reason: "it is not a list of students")
        }
    }

    // `try?` turns the damaged file back into an empty class: the class is still lost here.
    static func write(item: Student) {
        var students = (try? load()) ?? []
        students.append(item)
        try? prepareData(students).write(to: plistURL)
    }
}

for number in 1...30 {
    StorageHandler.write(item: Student(name: "Student \\(number)", age: "12"))
}
let bytes = try Data(contentsOf: StorageHandler.plistURL)
try bytes.prefix(bytes.count / 2).write(to: StorageHandler.plistURL)

do {
    _ = try StorageHandler.load()
} catch StorageError.damaged(_, let reason) {
    print("damaged:", reason)
}
StorageHandler.write(item: Student(name: "New Kid", age: "12"))
print(try StorageHandler.load().count)

// Prints:
// damaged: it is not a list of students
// 1
