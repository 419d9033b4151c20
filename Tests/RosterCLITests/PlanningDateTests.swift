import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// A teacher plans ahead: an assessment is due next week, a report runs to the end of term.
@Suite("Days planned ahead")
struct PlanningDateTests {
    let sandbox: RosterSandbox
    let today = SchoolDay.today()

    init() throws {
        sandbox = try RosterSandbox()
        _ = try sandbox.add("Ada Lovelace", age: 12)
    }

    @Test("an assessment may be due up to a year ahead, and the due date is kept")
    func dueAhead() throws {
        let due = today.adding(days: 4)
        let added = sandbox.run(["assessment", "add", "Quiz 1", "--out-of", "10", "--date", due.text])
        #expect(added.status == 0, "\(added.errorOutput)")
        #expect(sandbox.run(["assessment", "list"]).output.contains(due.text))
        let tooFar = today.adding(days: SchoolDay.planningDays + 1).text
        let refused = sandbox.run(["assessment", "add", "Quiz 2", "--out-of", "10", "--date", tooFar])
        #expect(refused.status == 64)
        #expect(
            refused.errorLine.contains(
                "Give a day from 1900 to \(today.adding(days: SchoolDay.planningDays))"),
            "\(refused.errorOutput)")
    }

    @Test("a register report may end at the end of term, and stops at today with a note")
    func reportToEndOfTerm() throws {
        _ = sandbox.run(["absent", "ada"])
        let endOfTerm = today.adding(days: 11).text
        let report = sandbox.run(["register", "--from", today.adding(days: -30).text, "--to", endOfTerm])
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(report.errorOutput.contains("Note: --to \(endOfTerm) is ahead; the report stops at today"))
        #expect(report.output.contains("Ada Lovelace") && report.output.contains("0%"), "\(report.output)")
        let future = sandbox.run(["register", "--from", today.adding(days: 5).text, "--to", endOfTerm])
        #expect(future.status == 64, "--from ahead of today is refused: \(future.errorOutput)")
    }
}
