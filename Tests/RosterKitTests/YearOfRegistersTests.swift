import Foundation
import Testing

@testable import RosterKit

/// A year group keeps its registers all year: every student's register shares the same few lesson
/// keys and marks, however many lessons there are, and the roster stays readable, whoever wrote it.
@Suite("A year of registers")
struct YearOfRegistersTests {
    /// `count` students, each with a register of `lessons` school days from 1 September 2025.
    static func yearGroup(count: Int, lessons: Int) throws -> [Student] {
        let first = try #require(SchoolDay("2025-09-01"))
        var days: [Lesson] = []
        var day = first
        while days.count < lessons {
            if let lesson = Lesson(day: day) { days.append(lesson) }
            day = day.adding(days: 1)
        }
        return (0..<count).map { index in
            var student = Student(name: "Student \(index)", age: 12)
            for (position, lesson) in days.enumerated() {
                student.attendance[lesson] = AttendanceEntry(
                    (index + position) % 17 == 0 ? .absent : .present)
            }
            return student
        }
    }

    @Test("300 students with 230 lessons each, written by roster and by another writer, read back whole")
    func readsWhatItWrites() throws {
        let students = try Self.yearGroup(count: 300, lessons: 230)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-year-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.plist")
        try StorageHandler.save(students, to: ours)
        #expect(try StorageHandler.load(from: ours) == students)
        // As plistlib or Foundation would write it: each register a dictionary of lesson keys to
        // mark strings, the keys and marks shared.
        let records: [[String: Any]] = students.map { student in
            [
                "id": student.id.uuidString, "name": student.name, "age": student.age,
                "register": Dictionary(
                    uniqueKeysWithValues: student.attendance.map {
                        ($0.key.description, $0.value.mark.rawValue)
                    }),
            ]
        }
        let theirs = folder.appendingPathComponent("theirs.plist")
        try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0).write(
            to: theirs)
        #expect(try StorageHandler.load(from: theirs).map(\.attendance) == students.map(\.attendance))
    }
}
