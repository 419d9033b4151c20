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

    // The bytes of the roster; a student that cannot be encoded is an error, not an empty file.
    static func prepareData(_ students: [Student]) throws -> Data {
        try PropertyListEncoder().encode(students)
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

    // One more student. `try load` stops at a damaged file, so the class stays on disk; the
    // new file is written beside the old one and renamed over it (`.atomic`).
    static func write(_ student: Student, to url: URL = plistURL) throws {
        var students = try load(from: url)
        students.append(student)
        try prepareData(students).write(to: url, options: .atomic)
    }
}

for number in 1...30 {
    try StorageHandler.write(Student(name: "Student \\(number)", age: "12"))
}
let bytes = try Data(contentsOf: StorageHandler.plistURL)
try bytes.prefix(bytes.count / 2).write(to: StorageHandler.plistURL)

do {
    try StorageHandler.write(Student(name: "New Kid", age: "12"))
} catch {
    print(error is StorageError ? "not written: the file is damaged" : "\(error)")
}
print(try Data(contentsOf: StorageHandler.plistURL) == bytes.prefix(bytes.count / 2))

// Prints:
// not written: the file is damaged
// true
