import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Student: Codable, Identifiable {
    var id = UUID()
    var name: String
    var age: Int
}

enum StorageHandler {
    static func load(from url: URL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try PropertyListDecoder().decode([Student].self, from: Data(contentsOf: url))
    }

    // Step 4: the lock against lost updates. Two `roster add` started at once both read three
    // students and each writes four: one of the new students is lost. An exclusive lock on a
    // file beside the roster, held from the read to the write, makes the second wait.
    static func withLock<Result>(beside url: URL, _ body: () throws -> Result) throws -> Result {
        let descriptor = open(url.path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    static func write(_ student: Student, to url: URL) throws {
        try withLock(beside: url) {
            var students = try load(from: url)
            students.append(student)
            try PropertyListEncoder().encode(students).write(to: url)
        }
    }
}
