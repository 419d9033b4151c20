import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The office's term report: each student's counts and rate as a spreadsheet wants them, with the
/// school's id, the name's parts and a leaver's leaving day, sorted by surname.
@Suite("The office's term report")
struct TermReportTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        try sandbox.add("Zoë Adams", age: 12, ["--first", "Zoë", "--last", "Adams", "--school-id", "0042"])
        try sandbox.add("Ann Young", age: 12, ["--first", "Ann", "--last", "Young", "--school-id", "0007"])
        try sandbox.add("Bob Mills", age: 12, ["--first", "Bob", "--last", "Mills"])
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30"]).status == 0)
        #expect(sandbox.run(["present", "--date", "2026-12-01"]).status == 0)
        #expect(sandbox.run(["absent", "ann", "--date", "2026-12-02"]).status == 0)
        #expect(sandbox.run(["leave", "bob", "--date", "2026-12-02"]).status == 0)
    }

    @Test("CSV with a byte order mark, semicolons and decimal commas, leavers dated, by surname")
    func officeCSV() throws {
        let file = sandbox.folder.appendingPathComponent("term.csv")
        let result = sandbox.run([
            "register", "--from", "2026-11-30", "--to", "2026-12-02", "--format", "csv", "--bom",
            "--delimiter", "semicolon", "--sort", "surname", "--output", file.path,
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let data = try Data(contentsOf: file)
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let lines = String(decoding: data.dropFirst(3), as: UTF8.self).split(separator: "\r\n").map(
            String.init)
        #expect(
            lines.first
                == "id;school_id;name;first_name;last_name;left;lessons;present;late;absent;excused;attendance_percent"
        )
        #expect(
            lines.dropFirst().map { $0.split(separator: ";", omittingEmptySubsequences: false)[4] } == [
                "Adams", "Mills", "Young",
            ])
        // Bob left on 2 December, after that day's register marked him: the mark is kept, and the
        // roll ends the day before the leaving day, so it is not counted.
        #expect(lines[2].hasSuffix(";;Bob Mills;Bob;Mills;2026-12-02;2;2;0;0;0;100"), "\(lines[2])")
        #expect(lines[3].contains(";0007;Ann Young;Ann;Young;;3;1;0;2;0;33,3"), "\(lines[3])")
    }

    @Test(
        "every register report and the roll call take --sort surname; --bom and --delimiter need a range's CSV"
    )
    func surnameEverywhere() {
        let day = sandbox.run(["register", "--date", "2026-12-02", "--sort", "surname"])
        #expect(day.status == 0, "\(day.errorOutput)")
        let week = sandbox.run(["register", "--week", "2026-12-01", "--sort", "surname"]).output
        let names = week.split(separator: "\n").dropFirst(2).map { $0.prefix(9) }
        #expect(names == ["Zoë Adams", "Bob Mills", "Ann Young"], "\(week)")
        for wrong in [
            ["register", "--bom"], ["register", "--from", "2026-11-30", "--delimiter", "semicolon"],
        ] {
            let result = sandbox.run(wrong)
            #expect(result.status == 64 && result.errorLine.contains("range's CSV"), "\(wrong)")
        }
        #expect(sandbox.run(["register", "--sort", "rate"]).status == 64)
    }
}
