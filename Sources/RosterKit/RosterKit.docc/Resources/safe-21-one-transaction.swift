import Foundation
import RosterKit

// Step 7: one transaction. Lock, read once, change, keep the version (pending), replace durably,
// settle and prune: written once in RosterKit (`StorageHandler.change`, internal), and every
// change goes through it, whatever makes it. `update(at:_:)` is its public door: the closure sees
// the students as they are under the lock and edits them in place; throwing cancels everything.
func promote(_ name: String, in file: URL) throws {
    struct NotThere: Error {}
    try StorageHandler.update(at: file) { students in
        guard let index = students.firstIndex(where: { $0.name == name }) else { throw NotThere() }
        students[index].grade = (students[index].grade ?? 0) + 1
    }
    // The change is in the history, for undo.
    print(try StorageHandler.history(at: file).first?.command ?? "")
}
