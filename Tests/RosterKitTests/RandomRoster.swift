import Foundation

@testable import RosterKit

/// Random but realistic rosters for differential tests.
enum RandomRoster {
    static let nameParts = [
        "Ada", "Zoë", "Émile", "李华", "佐藤", "김민준", "محمد", "Ольга", "José", "Nguyễn", "Søren", "👩‍🔬",
        "O'Brien", "Smith & Sons", "<b>bold</b>", "\"quoted\"", "Student 10", "ß", "Ångström", "a\u{2009}b",
    ]

    static func make(count: Int, using generator: inout SeededRandom) -> [Student] {
        (0..<count).map { _ in
            let parts = Int.random(in: 1...3, using: &generator)
            var name = (0..<parts).map { _ in nameParts.randomElement(using: &generator) ?? "x" }.joined(
                separator: " ")
            if Int.random(in: 0..<20, using: &generator) == 0 { name = String(repeating: "x", count: 100) }
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            let grade = Bool.random(using: &generator) ? Int.random(in: 0...13, using: &generator) : nil
            let score: Double? =
                Bool.random(using: &generator)
                ? (Bool.random(using: &generator)
                    ? Double(Int.random(in: 0...100, using: &generator))
                    : Double.random(in: 0...100, using: &generator)) : nil
            return Student(
                id: id, name: name, age: Int.random(in: 1...120, using: &generator), grade: grade,
                score: score)
        }
    }

    /// Lessons of a week, some of them named, one name not ASCII.
    static let lessonKeys = [
        "2026-11-23", "2026-11-24/2", "2026-11-24/maths", "2026-11-25/français", "2026-11-26",
    ]
    static let reasons = ["dentist", "Zahnarzt – Termin", "病気", "<b>ill</b>"]

    /// `students` with random registers: most students some of the week's lessons, some none, a
    /// few marks with reasons.
    static func withRegisters(_ students: [Student], using generator: inout SeededRandom) -> [Student] {
        let lessons = lessonKeys.compactMap { Lesson(key: $0) }
        return students.map { student in
            var student = student
            guard Int.random(in: 0..<10, using: &generator) > 0 else { return student }
            for lesson in lessons where Int.random(in: 0..<4, using: &generator) > 0 {
                let mark = AttendanceMark.allCases.randomElement(using: &generator) ?? .present
                let reason =
                    Int.random(in: 0..<8, using: &generator) == 0
                    ? reasons.randomElement(using: &generator) : nil
                student.attendance[lesson] = AttendanceEntry(mark, reason: reason)
            }
            return student
        }
    }

    /// The marks a class's students get: points with and without decimals, percentages, excused
    /// and missing.
    static let markTexts = ["8", "8.5", "10", "0", "80%", "12.25%", "EX", "MI"]

    /// `students` with marks on up to 12 assessments (`a1` … `a12`): most students many, some none.
    static func withMarks(_ students: [Student], using generator: inout SeededRandom) -> [Student] {
        students.map { student in
            var student = student
            guard Int.random(in: 0..<8, using: &generator) > 0 else { return student }
            for number in 1...12 where Int.random(in: 0..<5, using: &generator) > 0 {
                let text = markTexts.randomElement(using: &generator) ?? "8"
                student.marks["a\(number)"] = Mark(stored: text)
            }
            return student
        }
    }

    /// The students with school ids (leading zeros, letters), names in parts and notes, some in
    /// scripts beyond ASCII, on about half of them.
    static func withDetails(_ students: [Student], using generator: inout SeededRandom) -> [Student] {
        let notes = ["peanut allergy", "sits at the front", "Brille – vorne sitzen", "<i>hears</i> & sees"]
        return students.enumerated().map { index, student in
            var student = student
            let draw = Int.random(in: 0..<16, using: &generator)
            if draw & 1 == 0 { student.schoolID = String(format: "%04d", index) }
            if draw & 2 == 0 {
                let words = student.name.split(separator: " ").map(String.init)
                student.firstName = words.first
                student.lastName = words.count > 1 ? words.dropFirst().joined(separator: " ") : "Ødegård"
            }
            if draw & 4 == 0 { student.note = notes.randomElement(using: &generator) }
            if draw == 15 { student.schoolID = "u-" + String(index) + "-ß" }
            return student
        }
    }
}
