import Foundation
import RosterKit

// The view model sits between the file and the screen: intents in, students out.
func lesson(with file: URL) throws {
    let roster = RosterViewModel(fileURL: file)
    try roster.load()
    let ada = try roster.add(name: "Ada Lovelace", age: 12, grade: 7)
    try roster.edit(ada.id.uuidString, StudentChanges(score: 91.5))
    try roster.remove(["Alan Turing"])
    for student in roster.sorted(by: .name) { print(student.name) }
}
