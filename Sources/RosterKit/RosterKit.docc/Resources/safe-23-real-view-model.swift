import Foundation
import RosterKit

// Step 9: RosterKit's RosterViewModel is that view model, over the real storage layer: every
// intent (load, add, edit, remove, delete all, import, a register mark, undo, redo) is async,
// and afterwards `students` is the committed roster, whether or not `load()` ran first.
@MainActor
func freshViewModel(on file: URL) async throws -> Int {
    let roster = RosterViewModel(fileURL: file)
    try await roster.add(name: "Grace Hopper", age: 13)
    if let lesson = Lesson(day: SchoolDay.today()) {
        try await roster.mark(["grace"], as: AttendanceEntry(.absent), in: lesson)
    }
    try await roster.undo()
    return roster.students.count  // the whole class, not just Grace
}
