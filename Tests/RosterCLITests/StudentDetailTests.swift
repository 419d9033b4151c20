import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// What a school gives a student beside the tutorial's fields: its own id, the name in parts and
/// a note, from `add` and `edit` to `show`, lookup, sorting and the roll call.
@Suite("School ids, names in parts and notes")
struct StudentDetailTests {
    let sandbox: RosterSandbox

    /// The roster starts as the iOS app wrote it, ages as text, so that the app's decoder can
    /// be asked to read it after every command.
    init() throws {
        sandbox = try RosterSandbox()
        let written = ["Ada Lovelace", "Tom O'Connor", "Zed Adams"].map {
            AppStudent(id: UUID(), name: $0, age: "12")
        }
        try PropertyListEncoder().encode(written).write(to: sandbox.file)
    }

    /// The iOS app's record, and its decoder: it must read every record roster writes.
    struct AppStudent: Codable {
        let id: UUID
        let name: String
        let age: String
    }

    @Test("add --first --last makes the name; show prints the school id, the parts and the note")
    func addWithDetails() throws {
        let added = sandbox.run([
            "add", "--first", "Priya", "--last", "Patel", "--age", "12", "--school-id", "0012", "--note",
            "peanut allergy",
        ])
        #expect(added.status == 0)
        #expect(added.output.hasPrefix("Added Priya Patel, age 12"))
        let shown = sandbox.run(["show", "0012"])
        #expect(shown.status == 0)
        #expect(shown.output.contains("Name:      Priya Patel\n"))
        #expect(
            shown.output.contains(
                "School ID: 0012\nFirst:     Priya\nLast:      Patel\nNote:      peanut allergy\n"))
        let app = try PropertyListDecoder().decode([AppStudent].self, from: try #require(sandbox.bytes()))
        #expect(app.map(\.name).last == "Priya Patel")
    }

    @Test("edit sets and clears a note and the parts, and says what changed")
    func editDetails() throws {
        let noted = sandbox.run(["edit", "ada", "--note", "sits at the front", "--school-id", "S-1"])
        #expect(noted.output == "Updated Ada Lovelace: school id - -> S-1, note - -> sits at the front.\n")
        let parts = sandbox.run(["edit", "s-1", "--first", "Augusta Ada", "--last", "King"])
        #expect(parts.output.hasPrefix("Updated Augusta Ada King: name Ada Lovelace -> Augusta Ada King"))
        let cleared = sandbox.run(["edit", "king", "--note", ""])
        #expect(cleared.output == "Updated Augusta Ada King: note sits at the front -> -.\n")
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students[0].note == nil && students[0].lastName == "King" && students[0].schoolID == "S-1")
        let refused = sandbox.run(["edit", "king", "--note", "two\nlines"])
        #expect(refused.status == 65 || refused.status == 64 || refused.status == 1)
        #expect(refused.errorLine.hasPrefix("Error: The note contains a control"))
        let app = try PropertyListDecoder().decode([AppStudent].self, from: try #require(sandbox.bytes()))
        #expect(app.count == 3)
    }

    @Test("a school id another student has is refused by add and edit, and nothing changes")
    func schoolIDTaken() throws {
        #expect(sandbox.run(["edit", "ada", "--school-id", "0012"]).status == 0)
        let before = sandbox.bytes()
        let added = sandbox.run(["add", "Ann Other", "--age", "12", "--school-id", "0012"])
        #expect(added.status == 1)
        #expect(
            added.errorLine == "Error: The school id 0012 is Ada Lovelace's already; nothing was changed.")
        let edited = sandbox.run(["edit", "zed", "--school-id", "0012"])
        #expect(edited.status == 1)
        #expect(edited.errorLine == added.errorLine)
        #expect(sandbox.bytes() == before)
        #expect(sandbox.run(["edit", "ada", "--school-id", "0012", "--note", "again"]).status == 0)
    }

    @Test("a note shows in show and the roll call, never in pick, groups or list's table")
    func notesStayPrivate() throws {
        _ = sandbox.run(["edit", "zed", "--note", "peanut allergy"])
        let environment = ["ROSTER_SEED": "1"]
        for arguments in [["list"], ["pick", "--count", "3"], ["groups", "--count", "1"]] {
            let result = sandbox.run(arguments, environment: environment)
            #expect(result.status == 0)
            #expect(!result.output.contains("peanut"), "\(arguments)")
        }
        let answers = ScriptedInput(["", "", ""], isTerminal: true)
        let roll = sandbox.run(["register", "--take", "--date", "2026-11-03"], input: answers)
        #expect(roll.errorOutput.contains("Zed Adams [peanut allergy]: present"), "\(roll.errorOutput)")
    }

    @Test("lookup ignores punctuation inside a name and curly apostrophes: oconnor finds O'Connor")
    func punctuation() {
        for reference in ["oconnor", "o’connor", "tom oconnor", "O'CONNOR"] {
            let result = sandbox.run(["show", reference])
            #expect(result.status == 0, "\(reference)")
            #expect(result.output.contains("Tom O'Connor"), "\(reference)")
        }
    }

    @Test("list --sort surname orders by the last name, then the first; a kept last name wins")
    func surname() {
        _ = sandbox.run(["add", "--first", "Jan", "--last", "van Dijk", "--age", "12"])
        let names = sandbox.run(["list", "--sort", "surname", "--format", "csv"]).output
            .split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[1] }
        #expect(names == ["Zed Adams", "Ada Lovelace", "Tom O'Connor", "Jan van Dijk"])
        let reversed = sandbox.run(["list", "--sort", "surname", "--reverse"]).output
        #expect(reversed.split(separator: "\n")[1].contains("Jan van Dijk"))
    }
}
