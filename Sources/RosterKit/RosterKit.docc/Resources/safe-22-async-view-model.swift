import Foundation
import Observation

struct Student: Codable, Identifiable, Sendable {
    var id = UUID()
    var name: String
    var age: Int
}

// Step 8: the view model with async intents. A lock can make a change wait for another command,
// and syncing takes time: on the main actor that would freeze the screen. So the view model lives
// on the main actor, like the view, and each intent awaits its disk work on the global executor;
// when it returns, `students` is what was committed.
@MainActor
@Observable
final class RosterViewModel {
    let fileURL: URL
    private(set) var students: [Student] = []

    init(fileURL: URL) { self.fileURL = fileURL }

    func add(name: String, age: Int) async throws {
        let url = fileURL
        students = try await Self.offMainActor {
            var students = try Self.read(url)
            students.append(Student(name: name, age: age))
            try PropertyListEncoder().encode(students).write(to: url)
            return students
        }
    }

    @concurrent
    private nonisolated static func offMainActor<Result: Sendable>(
        _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try work()
    }

    private nonisolated static func read(_ url: URL) throws -> [Student] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try PropertyListDecoder().decode([Student].self, from: Data(contentsOf: url))
    }
}
