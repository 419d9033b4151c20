import Foundation
import RosterKit

// Every change is one locked read-modify-write: the new file is written beside the roster,
// synced and renamed over it, so a crash leaves the old roster or the new one, never half.
func addTwo(to file: URL) throws {
    try StorageHandler.write(Student(name: "Ada Lovelace", age: 12), to: file)
    try StorageHandler.update(at: file) { students in
        students.append(Student(name: "Alan Turing", age: 13, grade: 7))
    }
}
