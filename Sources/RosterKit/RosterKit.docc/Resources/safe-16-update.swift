import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Chapter 1's student: the age a number, read from the app's text.
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
    case readOnly(path: String)

    var description: String {
        switch self {
        case .damaged(let path, let reason):
            "The roster file '\(path)' is damaged: \(reason). It was left unchanged."
        case .fileSystem(let path, let action, let code):
            "Could not \(action) '\(path)': \(String(cString: strerror(code)))."
        case .readOnly(let path):
            "'\(path)' is read-only, so roster left it unchanged."
        }
    }
}

// An exclusive lock on `students.plist.lock`, held from the read to the write.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    init(rosterPath: String) throws {
        descriptor = open(rosterPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, FileSystem.privateFileMode)
        guard descriptor >= 0 else {
            throw FileSystem.failure(rosterPath + ".lock", action: "create the lock file")
        }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    // The body runs holding the locks, taken in one order so that two commands never wait for
    // each other; they are let go however the body ends.
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

// The file system calls a roster is written with, each one checked.
enum FileSystem {
    static let privateFileMode: mode_t = 0o600

    // A new version of a file, written beside it under a private temporary name and renamed
    // over it by `commit()`: a reader sees the old file or the new one, never half of one.
    final class Replacement {
        let path: String
        let temporary: String
        private let descriptor: Int32
        private var isCommitted = false

        init(of path: String) throws {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & 0o200 == 0 {
                throw StorageError.readOnly(path: path)
            }
            temporary = FileSystem.temporaryPath(beside: path)
            descriptor = open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, privateFileMode)
            guard descriptor >= 0 else { throw failure(path, action: "write") }
            self.path = path
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            try writeAll(bytes, to: descriptor, path: path)
        }

        // Every byte on the disk before the rename, and the rename on the disk after it: the
        // two syncs that `.atomic` leaves out.
        func commit() throws {
            guard fsync(descriptor) == 0 else { throw failure(path, action: "write") }
            guard rename(temporary, path) == 0 else { throw failure(path, action: "replace") }
            isCommitted = true
            syncFolder(folder(of: path))
        }

        // A replacement given up, by an error or a thrown change, leaves nothing behind.
        deinit {
            close(descriptor)
            if !isCommitted { unlink(temporary) }
        }
    }

    static func replace(_ path: String, with data: some ContiguousBytes) throws {
        let file = try Replacement(of: path)
        try data.withUnsafeBytes(file.write)
        try file.commit()
    }

    // `write` may write fewer bytes than asked (a full pipe, a signal): loop until all are out.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = write(
                descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, action: "write")
            }
            offset += written
        }
    }

    // `.students.plist.<pid>-<random>.tmp`: hidden, and never the name of another file.
    static func temporaryPath(beside path: String) -> String {
        folder(of: path) + "/." + name(of: path) + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    static func name(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    static func failure(_ path: String, action: String) -> StorageError {
        .fileSystem(path: path, action: action, code: errno)
    }
}

enum StorageHandler {
    static var plistURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("students.plist")
    }

    static func prepareData(_ students: [Student]) throws -> Data {
        try PropertyListEncoder().encode(students)
    }

    // A missing file is an empty class; a damaged one is an error, never [].
    static func load(from url: URL = plistURL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data = try Data(contentsOf: url)
        do {
            return try PropertyListDecoder().decode([Student].self, from: data)
        } catch {
            throw StorageError.damaged(path: url.path, reason: "it is not a list of students")
        }
    }

    // One change of the class: read under the lock, changed, written back. A change that throws
    // writes nothing.
    static func update(at url: URL = plistURL, _ change: (inout [Student]) throws -> Void) throws {
        let path = url.path
        try FileLock.withLocks([path]) {
            var students = try load(from: url)
            try change(&students)
            try FileSystem.replace(path, with: try prepareData(students))
        }
    }

    static func write(_ student: Student, to url: URL = plistURL) throws {
        try update(at: url) { $0.append(student) }
    }
}

struct Cancelled: Error {}

try StorageHandler.write(Student(name: "Ada", age: 12))
do {
    try StorageHandler.update { students in
        students.removeAll()
        throw Cancelled()
    }
} catch {
    print("cancelled")
}
print(try StorageHandler.load().map(\.name))

// Prints:
// cancelled
// ["Ada"]
