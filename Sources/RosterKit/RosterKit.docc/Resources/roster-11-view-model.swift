import Foundation
import RosterKit

// The view model sits between the file and the screen: intents in, students out. Each intent is
// async: it waits for the roster's lock and the disk off the main actor, then `students` is the
// roster as committed.
@MainActor
func lesson(with file: URL) async throws {
    let roster = RosterViewModel(fileURL: file)
    try await roster.load()
    let ada = try await roster.add(name: "Ada Lovelace", age: 12, grade: 7)
    try await roster.edit(ada.id.uuidString, StudentChanges(score: 91.5))
    try await roster.remove(["Ada Lovelace"])
    for student in roster.sorted(by: .name) { print(student.name) }
}
