import Foundation
import RosterKit

// A script or a command-line tool uses the same intents without a screen: ClassroomIntents are
// synchronous, validate every value and make each change through the one transaction. The
// `roster` tool calls exactly these.
func addFromScript(to file: URL) throws {
    let addition = try ClassroomIntents.add(name: "Ada Lovelace", age: 12, to: file)
    for namesake in addition.namesakes { print("Already on the roster:", namesake.name) }
    try ClassroomIntents.edit("ada", StudentChanges(score: 91.5), at: file)
}
