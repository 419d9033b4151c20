import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Lessons are facts of the class: one name for each, a register taken by mistake can be
/// deleted on its own, and a later lesson taken with everyone present says whom it marks present
/// after an absence earlier that day.
@Suite("Lessons as facts")
struct LessonFactTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        for name in ["Ann Lee", "Bob Ray"] { try sandbox.add(name) }
    }

    @Test("lesson 1 is the day's first lesson, named or not, and 02 is lesson 2")
    func oneNamePerLesson() throws {
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30", "--lesson", "1"]).status == 0)
        #expect(sandbox.run(["present", "bob", "--date", "2026-11-30"]).status == 0)
        #expect(sandbox.run(["absent", "bob", "--date", "2026-11-30", "--lesson", "02"]).status == 0)
        let day = try #require(SchoolDay("2026-11-30"))
        let lessons = AttendanceRegister.lessons(on: day, in: try StorageHandler.load(from: sandbox.file))
        #expect(lessons.map(\.description) == ["2026-11-30", "2026-11-30/2"])
        let register = sandbox.run(["register", "--date", "2026-11-30"]).output
        #expect(register.contains("Register for 2026-11-30: 1 present, 1 absent."), "\(register)")
    }

    @Test(
        "a register dated tomorrow, as a colleague ahead in time writes it, can be seen and corrected, with a note"
    )
    func dayAheadOfThisTimeZone() throws {
        let tomorrow = SchoolDay.today().adding(days: 1)
        let ann = try #require(try StorageHandler.load(from: sandbox.file).first)
        try ClassroomIntents.recordRegister(
            [ann.id: AttendanceEntry(.absent)], in: try #require(Lesson(day: tomorrow)), at: sandbox.file)
        let register = sandbox.run(["register", "--date", tomorrow.text])
        #expect(register.status == 0)
        #expect(register.output.contains("1 absent"), "\(register.output)")
        #expect(
            register.errorOutput.contains("Note: \(tomorrow) is after today here"), "\(register.errorOutput)")
        let corrected = sandbox.run(["present", "ann", "--date", tomorrow.text])
        #expect(corrected.status == 0, "\(corrected.errorOutput)")
        let after = sandbox.run(["register", "--date", tomorrow.text]).output
        #expect(after.hasPrefix("Register for \(tomorrow): 1 present."), "\(after)")
        let twoAhead = sandbox.run(["absent", "ann", "--date", tomorrow.adding(days: 1).text])
        #expect(twoAhead.status == 64)
    }

    @Test("history, undo and redo say what each change did: who, which lesson, what an import changed")
    func historySaysWhatChanged() throws {
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30", "--lesson", "2"]).status == 0)
        #expect(sandbox.run(["leave", "bob", "--date", "2026-12-01"]).status == 0)
        let csv = sandbox.folder.appendingPathComponent("office.csv")
        try Data("name,age\nNoor Ali,12\n".utf8).write(to: csv)
        #expect(sandbox.run(["import", csv.path]).status == 0)
        let history = sandbox.run(["history", "--format", "json"]).output
        for summary in [
            "import office.csv: 1 added, 0 changed, 0 leaving", "leave Bob Ray on 2026-12-01",
            "absent Ann Lee on 2026-11-30, lesson 2", "add Bob Ray",
        ] {
            #expect(history.contains("\"summary\":\"\(summary)\""), "\(summary): \(history)")
        }
        #expect(sandbox.run(["history"]).output.contains("leave Bob Ray on 2026-12-01"))
        #expect(
            sandbox.run(["undo"]).output.hasPrefix(
                "Undid import office.csv: 1 added, 0 changed, 0 leaving, made at"))
        #expect(sandbox.run(["undo"]).output.hasPrefix("Undid leave Bob Ray on 2026-12-01, made at"))
        #expect(sandbox.run(["redo"]).output.hasPrefix("Redid leave Bob Ray on 2026-12-01, made at"))
    }

    @Test("register --delete deletes one lesson taken by mistake, listing its marks; undo brings it back")
    func deleteLesson() throws {
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30"]).status == 0)
        #expect(
            sandbox.run(["absent", "bob", "--date", "2026-11-30", "--lesson", "2", "--excused"]).status == 0)
        let deleted = sandbox.run(["register", "--delete", "2026-11-30/2"])
        #expect(
            deleted.output
                == "Deleted the register for 2026-11-30, lesson 2, 2 marks: Ann Lee present, Bob Ray excused. "
                + "'roster undo' brings it back.\n", "\(deleted.errorOutput)")
        let day = try #require(SchoolDay("2026-11-30"))
        #expect(
            AttendanceRegister.lessons(on: day, in: try StorageHandler.load(from: sandbox.file)).count == 1)
        #expect(sandbox.run(["undo"]).status == 0)
        #expect(
            AttendanceRegister.lessons(on: day, in: try StorageHandler.load(from: sandbox.file)).count == 2)
        let none = sandbox.run(["register", "--delete", "2026-11-27"])
        #expect(none.status == 1 && none.errorLine.contains("No register was taken for 2026-11-27"))
        let mixed = sandbox.run(["register", "--delete", "2026-11-30", "--week"])
        #expect(mixed.status == 64 && mixed.errorLine.contains("--delete"))
    }

    @Test("present with no student names whom it marks present after an absence earlier that day")
    func presentNotesEarlierAbsence() {
        #expect(sandbox.run(["absent", "ann", "--date", "2026-11-30"]).status == 0)
        let later = sandbox.run(["present", "--date", "2026-11-30", "--lesson", "2"])
        #expect(later.status == 0)
        #expect(later.errorOutput.contains("absent earlier on 2026-11-30: Ann Lee"), "\(later.errorOutput)")
    }
}
