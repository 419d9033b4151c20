import RosterKit

/// How single values of a student are written for people.
enum StudentText {
    /// A score without a needless `.0`: `90`, `88.5`.
    static func score(_ score: Double) -> String {
        JSONRosterWriter.number(score)
    }

    /// A short description used in messages: `Ada Lovelace (age 12, id 1A2B3C4D)`.
    static func summary(_ student: Student) -> String {
        "\(VisibleText.of(student.name)) (age \(student.age), id \(student.id.uuidString.prefix(RosterLookup.minimumShortIDLength)))"
    }

    /// `1 student`, `2 students`.
    static func count(_ count: Int) -> String {
        count == 1 ? "1 student" : "\(count) students"
    }
}
