import Foundation
import RosterKit

// The versions before the last 100 changes are kept, so a delete-all is never for good.
func deleteAndBringBack(_ file: URL) throws {
    try StorageHandler.deleteAll(at: file)
    let undone = try StorageHandler.undo(at: file)
    print("Undid \(undone.command): \(undone.studentsBefore) students are back.")
    for change in try StorageHandler.history(at: file) {
        print(change.date, change.command, change.studentsBefore, "->", change.studentsAfter)
    }
}
