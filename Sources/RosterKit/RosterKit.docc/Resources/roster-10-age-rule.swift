import Foundation

// The age is a number now. The app's files keep it as text, so decoding takes an integer or
// a string of ASCII digits, and encoding writes text again, which the app's decoder reads.
struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: Int

    init(id: UUID = UUID(), name: String, age: Int) {
        (self.id, self.name, self.age) = (id, name, age)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, age
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        if let number = try? container.decode(Int.self, forKey: .age) {
            age = number
        } else {
            let text = try container.decode(String.self, forKey: .age)
            guard let number = Student.wholeNumber(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .age, in: container, debugDescription: "age \"\(text)\" is not a whole number")
            }
            age = number
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(String(age), forKey: .age)
    }

    // ASCII digits only: `Int("+12")` and `Int("١٢")` would pass where the app never wrote them.
    static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int(text)
    }
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

// The app's own model, to read what this one writes.
struct AppStudent: Codable {
    var id: UUID
    var name: String
    var age: String
}

let url = StorageHandler.plistURL
try PropertyListEncoder().encode([AppStudent(id: UUID(), name: "Ada", age: "12")]).write(to: url)
try StorageHandler.write(Student(name: "Grace", age: 11))
print(try StorageHandler.load().map { "\($0.name) \($0.age)" })
print(try PropertyListDecoder().decode([AppStudent].self, from: Data(contentsOf: url)).map(\.age))
try PropertyListEncoder().encode([AppStudent(id: UUID(), name: "Alan", age: "+12")]).write(to: url)
do {
    _ = try StorageHandler.load()
} catch {
    print("refused: +12")
}

// Prints:
// ["Ada 12", "Grace 11"]
// ["12", "11"]
// refused: +12
