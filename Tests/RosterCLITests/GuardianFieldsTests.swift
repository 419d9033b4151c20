import Foundation
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Pronouns and the guardian's contact, added through the schema (``StudentDetail``): options,
/// `show`, the file's keys, CSV and JSON both ways, and the address's rule.
@Suite("Pronouns and the guardian's contact")
struct GuardianFieldsTests {
    @Test("add and edit set them; show prints them; the file keeps them under their keys")
    func addEditShow() throws {
        let sandbox = try RosterSandbox()
        let added = sandbox.run([
            "add", "Ana Souza", "--age", "12", "--pronouns", "she/her", "--guardian", "Rita Souza",
            "--guardian-email", "rita@example.org",
        ])
        #expect(added.status == 0)
        let shown = sandbox.run(["show", "ana"])
        #expect(shown.output.contains("Pronouns:       she/her\n"))
        #expect(shown.output.contains("Guardian:       Rita Souza\nGuardian email: rita@example.org\n"))
        let edited = sandbox.run(["edit", "ana", "--pronouns", "they/them", "--guardian-email", ""])
        #expect(
            edited.output
                == "Updated Ana Souza: pronouns she/her -> they/them, guardian email rita@example.org -> -.\n"
        )
        let bytes = try #require(sandbox.bytes())
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [[String: Any]])
        #expect(plist[0]["pronouns"] as? String == "they/them")
        #expect(plist[0]["guardianName"] as? String == "Rita Souza")
        #expect(plist[0]["guardianEmail"] == nil)
    }

    @Test(
        "an address is checked: one that is not refused, naming the field, the roster unchanged",
        arguments: [
            "rita", "rita@", "@example.org", "rita@example", "rita@@example.org", "rita smith@example.org",
            "rita@exa mple.org", "<rita@example.org>", "rita@example.org\r\nBcc: x@example.org",
            "rita@example..org",
        ])
    func refusedAddress(text: String) throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ana")
        let before = sandbox.bytes()
        let result = sandbox.run(["edit", "ana", "--guardian-email", text])
        #expect(result.status != 0)
        #expect(result.errorLine.hasPrefix("Error: The guardian email "))
        // The address is quoted back on the error's one line, its controls escaped.
        #expect(!result.errorOutput.contains("\r") && !result.errorOutput.contains("\nBcc"))
        #expect(sandbox.bytes() == before)
    }

    @Test("addresses of the usual forms are kept, trimmed")
    func keptAddress() throws {
        for address in ["rita@example.org", "r.souza+school@mail.example.co.uk", "O'Brien@example.ie"] {
            #expect(try StudentValidator.emailAddress(" \(address) ", field: "guardian email") == address)
        }
    }

    @Test("CSV reads the usual headers and writes its own; JSON carries them both ways")
    func interchange() throws {
        let sandbox = try RosterSandbox()
        let csv = sandbox.folder.appendingPathComponent("class.csv")
        try Data(
            "Name,Age,Pronouns,Parent Name,Parent E-mail\r\nAna Souza,12,she/her,Rita Souza,rita@example.org\r\nBo Chen,13,,,\r\n"
                .utf8
        ).write(to: csv)
        #expect(sandbox.run(["import", csv.path]).status == 0)
        let students = try StorageHandler.load(from: sandbox.file)
        #expect(students[0].pronouns == "she/her" && students[0].guardianName == "Rita Souza")
        #expect(students[0].guardianEmail == "rita@example.org" && students[1].pronouns == nil)
        let exported = sandbox.run(["export", "--format", "csv"])
        #expect(exported.output.hasPrefix("id,name,age,grade,score,pronouns,guardian,guardian_email\r\n"))
        #expect(exported.output.contains(",Ana Souza,12,,,she/her,Rita Souza,rita@example.org\r\n"))
        let json = sandbox.run(["export", "--format", "json"])
        #expect(json.output.contains("\"pronouns\":\"she/her\""))
        #expect(
            json.output.contains("\"guardianName\":\"Rita Souza\",\"guardianEmail\":\"rita@example.org\""))
        let again = try RosterSandbox()
        let file = again.folder.appendingPathComponent("class.json")
        try Data(json.output.utf8).write(to: file)
        #expect(again.run(["import", file.path]).status == 0)
        #expect(try StorageHandler.load(from: again.file) == students)
        let badCSV = sandbox.folder.appendingPathComponent("bad.csv")
        try Data("name,age,guardian email\r\nCy,12,not an address\r\n".utf8).write(to: badCSV)
        let refused = sandbox.run(["import", badCSV.path])
        #expect(refused.status != 0 && refused.errorOutput.contains("guardian email 'not an address'"))
    }

    @Test("a report comment comes from a Report Comment column; a school's Comments column is left out")
    func commentColumn() throws {
        let sandbox = try RosterSandbox()
        let csv = sandbox.folder.appendingPathComponent("class.csv")
        try Data("Name,Age,Comments,Report Comment\r\nAna Souza,12,see {office},{first} tried.\r\n".utf8)
            .write(to: csv)
        let result = sandbox.run(["import", csv.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("ignoring the column 'Comments'"))
        #expect(try StorageHandler.load(from: sandbox.file)[0].reportComment == "Ana tried.")
    }

    @Test("list --columns shows them, named as the schema names them")
    func columns() throws {
        let sandbox = try RosterSandbox()
        try sandbox.add("Ana", ["--pronouns", "she/her", "--guardian", "Rita"])
        let listed = sandbox.run([
            "list", "--format", "html", "--columns", "name,pronouns,guardian,guardian-email",
        ])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(listed.output.contains("Pronouns") && listed.output.contains("Guardian email"))
        #expect(listed.output.contains("she/her") && listed.output.contains("Rita"))
        let wrong = sandbox.run(["list", "--columns", "name,pronoun"])
        #expect(wrong.errorLine.contains("'guardian-email'"))
    }
}
