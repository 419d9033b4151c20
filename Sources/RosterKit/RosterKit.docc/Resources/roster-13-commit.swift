import Foundation
import Observation

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
    case fileSystem(path: String, action: String, code: Int32)

    var description: String {
        switch self {
        case .damaged(let path, let reason):
            "The roster file '\(path)' is damaged: \(reason). It was left unchanged."
        case .fileSystem(let path, let action, let code):
            "Could not \(action) '\(path)': \(String(cString: strerror(code)))."
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// An exclusive lock on `students.plist.lock`, held from the read to the write, so that two
// writers never interleave: the second waits. The system drops it when the process ends, so a
// killed command never leaves the class locked.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    init(rosterPath: String) throws {
        descriptor = open(rosterPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StorageError.fileSystem(
                path: rosterPath + ".lock", action: "create the lock file", code: errno)
        }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    // The body runs holding the lock; it is let go however the body ends.
    static func withLocks<Result>(_ rosterPaths: [String], _ body: () throws -> Result) throws -> Result {
        guard let first = rosterPaths.sorted().first else { return try body() }
        let lock = try FileLock(rosterPath: first)
        defer { withExtendedLifetime(lock) {} }
        return try withLocks(Array(rosterPaths.sorted().dropFirst()), body)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
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

    // One more student, read, changed and written under the roster's lock.
    static func write(_ student: Student, to url: URL = plistURL) throws {
        try FileLock.withLocks([url.path]) {
            var students = try load(from: url)
            students.append(student)
            try prepareData(students).write(to: url, options: .atomic)
        }
    }

    // The whole class replaced, under the lock: what "delete all" writes.
    static func save(_ students: [Student], to url: URL = plistURL) throws {
        try FileLock.withLocks([url.path]) {
            try prepareData(students).write(to: url, options: .atomic)
        }
    }
}

// The layer between the file and the screen. It lives on the main actor and is observable, so a
// SwiftUI view that shows `students` redraws when they change; every intent does its disk work
// (the lock may wait for another writer) off the main actor, so the screen never waits.
@MainActor
@Observable
final class RosterViewModel {
    let fileURL: URL
    private(set) var students: [Student] = []

    init(fileURL: URL = StorageHandler.plistURL) {
        self.fileURL = fileURL
    }

    func load() async throws {
        let url = fileURL
        students = try await Self.offMainActor { try StorageHandler.load(from: url) }
    }

    func add(name: String, age: Int) async throws {
        let student = Student(name: name, age: age)
        try await commit { try StorageHandler.write(student, to: $0) }
    }

    func deleteAll() async throws {
        try await commit { try StorageHandler.save([], to: $0) }
    }

    // Runs an intent off the main actor, then reads the roster it committed into `students`:
    // after every intent, `students` is the file as it is, whatever another writer did.
    private func commit<Result: Sendable>(_ intent: @escaping @Sendable (URL) throws -> Result) async throws
        -> Result
    {
        let url = fileURL
        let (result, committed) = try await Self.offMainActor {
            let result = try intent(url)
            return (result, try StorageHandler.load(from: url))
        }
        students = committed
        return result
    }

    // `@concurrent`: the work runs on the global executor, never on the caller's actor.
    @concurrent
    private nonisolated static func offMainActor<Result: Sendable>(
        _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try work()
    }
}

let model = RosterViewModel()
try await model.load()
try await model.add(name: "Ada", age: 12)
// Another terminal adds a student meanwhile.
try StorageHandler.write(Student(name: "Grace", age: 11))
try await model.add(name: "Alan", age: 12)
print(model.students.map(\.name), try StorageHandler.load().count)
try await model.deleteAll()
print(model.students.count)

// Prints:
// ["Ada", "Grace", "Alan"] 3
// 0
