import Foundation
import Testing

@testable import RosterKit

/// The register records lessons: a lesson's register marks every student of the class, and a
/// student's figures count only the lessons in their own register.
@Suite("The register records lessons")
struct AttendanceRegisterTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
    }

    private func lesson(_ day: String, _ name: String? = nil) throws -> Lesson {
        let schoolDay = try #require(SchoolDay(day))
        return try #require(Lesson(day: schoolDay, name: name))
    }

    @discardableResult
    private func mark(_ names: [String], _ mark: AttendanceMark, _ lesson: Lesson, reason: String? = nil)
        throws
        -> AttendanceRegister.Marking
    {
        try ClassroomIntents.markAttendance(
            names, as: AttendanceEntry(mark, reason: reason), in: lesson, at: file, command: mark.rawValue)
    }

    private func rates(from first: String = "2026-11-01", to last: String = "2026-11-30") throws -> [String:
        Double?]
    {
        let students = try StorageHandler.load(from: file)
        let rows = AttendanceRegister.summary(
            of: students, from: try #require(SchoolDay(first)), to: try #require(SchoolDay(last)))
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.student.name, $0.rate) })
    }

    @Test("a lesson where everyone came is a lesson: Ann missed 1 of 2 and has 50%")
    func everyoneCameCounts() throws {
        try StorageHandler.save(
            [Student(name: "Ann Lee", age: 12), Student(name: "Bo Chen", age: 12)], to: file)
        let first = try mark(["ann"], .absent, lesson("2026-11-23"))
        #expect(first.tookRegister && first.changed)
        let second = try mark([], .present, lesson("2026-11-24"))
        #expect(second.tookRegister && second.students.isEmpty)
        #expect(try rates() == ["Ann Lee": 0.5, "Bo Chen": 1])
    }

    @Test("removing a student changes nobody else's rate, and a late joiner counts from joining")
    func ratesAreOwn() throws {
        try StorageHandler.save(["Zoë", "José", "Ann"].map { Student(name: $0, age: 12) }, to: file)
        try mark(["zoe", "jose"], .absent, lesson("2026-11-23"))
        try mark(["zoe"], .absent, lesson("2026-11-24"))
        let before = try rates()
        try ClassroomIntents.remove(["zoe"], at: file)
        #expect(try rates()["José"] == before["José"])
        #expect(try rates()["José"] == 0.5)
        _ = try ClassroomIntents.add(name: "Noor", age: 12, joined: SchoolDay("2026-11-25"), to: file)
        try mark(["noor"], .late, lesson("2026-11-25"))
        let summary = AttendanceRegister.summary(
            of: try StorageHandler.load(from: file), from: try #require(SchoolDay("2026-11-01")),
            to: try #require(SchoolDay("2026-11-30")))
        let noor = try #require(summary.first { $0.student.name == "Noor" })
        #expect(noor.lessons == 1 && noor.late == 1 && noor.rate == 1)
        #expect(summary.first { $0.student.name == "Ann" }?.lessons == 3)
    }

    @Test("two lessons a day, and excused absences with their reason, are kept apart")
    func lessonsAndReasons() throws {
        try StorageHandler.save(["Ava", "Liam"].map { Student(name: $0, age: 12) }, to: file)
        let second = try lesson("2026-11-23", "2")
        let fifth = try lesson("2026-11-23", "Maths")
        try mark(["ava"], .excused, second, reason: "  dentist ")
        try mark(["liam"], .absent, fifth)
        let students = try StorageHandler.load(from: file)
        let day = try #require(SchoolDay("2026-11-23"))
        #expect(AttendanceRegister.lessons(on: day, in: students) == [second, fifth])
        #expect(fifth.name == "maths")
        let ava = try #require(students.first { $0.name == "Ava" })
        #expect(
            ava.attendance == [
                second: AttendanceEntry(.excused, reason: "dentist"), fifth: AttendanceEntry(.present),
            ])
        let summary = AttendanceRegister.summary(of: students, from: day, to: day)
        #expect(summary.map(\.excused) == [1, 0] && summary.map(\.absent) == [0, 1])
        #expect(summary.map(\.lessons) == [2, 2])
    }

    @Test("a mark that changes nothing keeps no history step; naming a student twice marks them once")
    func noOpMarks() throws {
        try StorageHandler.save(
            ["Mary-Jane Smith", "Mary Jones"].map { Student(name: $0, age: 12) }, to: file)
        let day = try lesson("2026-11-23")
        let marking = try mark(["Mary-Jane Smith", "mary-jane smith"], .absent, day)
        #expect(marking.students.map(\.name) == ["Mary-Jane Smith"])
        let steps = try StorageHandler.history(at: file).count
        let again = try mark(["Mary-Jane Smith"], .absent, day)
        #expect(!again.changed && !again.tookRegister)
        #expect(try StorageHandler.history(at: file).count == steps)
        let taken = try mark([], .present, day)
        #expect(!taken.changed)
        #expect(try StorageHandler.history(at: file).count == steps)
    }

    @Test("a reason that is not one line of text is refused and nothing is written")
    func badReason() throws {
        try StorageHandler.save([Student(name: "Ava", age: 12)], to: file)
        let before = try Data(contentsOf: file)
        #expect(throws: ValidationError.self) {
            try mark(["ava"], .absent, lesson("2026-11-23"), reason: "a\nb")
        }
        #expect(throws: ValidationError.self) {
            try mark(["ava"], .absent, lesson("2026-11-23"), reason: String(repeating: "x", count: 201))
        }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("an earlier version's register becomes lessons: a day anyone was marked, everyone else present")
    func legacyRegister() throws {
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ann", "age": 12, "attendance": ["2026-11-02": "absent"]],
            ["id": UUID().uuidString, "name": "Bo", "age": 12, "attendance": ["2026-11-03": "late"]],
            ["id": UUID().uuidString, "name": "Cy", "age": 12],
        ]
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0).write(
            to: file)
        let students = try StorageHandler.load(from: file)
        let monday = try lesson("2026-11-02")
        let tuesday = try lesson("2026-11-03")
        #expect(students.map { $0.attendance[monday]?.mark } == [.absent, .present, .present])
        #expect(students.map { $0.attendance[tuesday]?.mark } == [.present, .late, .present])
        // The next change writes it as lessons, under the new key.
        try mark(["cy"], .absent, tuesday)
        let written = try #require(
            PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
                as? [[String: Any]])
        #expect(written.allSatisfy { $0["attendance"] == nil })
        #expect(
            (written[2]["register"] as? [String: String]) == [
                "2026-11-02": "present", "2026-11-03": "absent",
            ])
    }

    @Test("a damaged register makes the file damaged, naming the record", arguments: 0..<4)
    func damagedRegister(kind: Int) throws {
        let registers: [Any] = [
            ["someday": "absent"], ["2026-11-02": "away"],
            ["2026-11-02": ["mark": "absent", "reason": "a\u{1B}b"]], ["2026-11-02", "absent"],
        ]
        let records: [[String: Any]] = [
            ["id": UUID().uuidString, "name": "Ann", "age": 12, "register": registers[kind]]
        ]
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0).write(
            to: file)
        #expect {
            try StorageHandler.load(from: file)
        } throws: { error in
            "\(error)".contains("record 1")
        }
    }

    @Test("days as teachers say them: today, yesterday and the most recent weekday")
    func spokenDays() throws {
        let wednesday = try #require(SchoolDay("2026-12-02"))
        #expect(wednesday.weekday == 2 && wednesday.weekdayName == "Wednesday")
        #expect(SchoolDay(spoken: "today", today: wednesday) == wednesday)
        #expect(SchoolDay(spoken: "Yesterday", today: wednesday)?.text == "2026-12-01")
        #expect(SchoolDay(spoken: "wednesday", today: wednesday) == wednesday)
        #expect(SchoolDay(spoken: "mon", today: wednesday)?.text == "2026-11-30")
        #expect(SchoolDay(spoken: "thursday", today: wednesday)?.text == "2026-11-26")
        // The day after today is already here in time zones ahead; the one after that is not.
        #expect(SchoolDay(spoken: "2026-12-03", today: wednesday)?.isAfterToday(wednesday) == true)
        #expect(SchoolDay(spoken: "2026-12-04", today: wednesday) == nil)
        #expect(SchoolDay(spoken: "someday", today: wednesday) == nil)
        #expect(try #require(SchoolDay("2026-11-29")).isWeekend)
        #expect(try #require(SchoolDay("2024-03-01")).adding(days: -1).text == "2024-02-29")
        #expect(try #require(SchoolDay("2026-01-01")).monday.text == "2025-12-29")
    }
}
