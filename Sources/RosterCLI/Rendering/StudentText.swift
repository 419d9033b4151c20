import RosterEngine
import RosterKit

/// How single values of a student are written for people.
enum StudentText {
    /// `label` and a list of `names` after it (`Group 1: Ada, Bo and Cy`), wrapped between names
    /// to `width`, each line after the first indented to the list, no name split unless it is
    /// wider than a line; without a line break at the end.
    static func labelledNames(_ label: String, _ names: [String], width: Int) -> String {
        label
            + WordWrap.wrapped(
                NameList.joined(names.map(WordWrap.keptTogether)), width: width, indent: label.count,
                start: label.count)
    }

    /// A student's name as a register report shows it, with a leaver's leaving day:
    /// `Jack Doe (left 2026-11-13)`; escaped for a terminal unless `escaped` is `false` (for a
    /// page, which escapes it itself).
    static func registerName(_ name: String, left: String?, escaped: Bool = true) -> String {
        (escaped ? VisibleText.of(name) : name) + (left.map { " (left \($0))" } ?? "")
    }

    /// ``registerName(_:left:escaped:)`` of `student`.
    static func registerName(_ student: Student) -> String {
        registerName(student.name, left: student.left?.text)
    }

    /// A score without a needless `.0`: `90`, `88.5`.
    static func score(_ score: Double) -> String {
        JSONRosterWriter.number(score)
    }

    /// A short description used in messages: `Ada Lovelace (age 12, id 1A2B3C4D)`.
    static func summary(_ student: Student) -> String {
        "\(VisibleText.of(student.name)) (age \(VisibleText.of(student.ageText)), id \(student.id.uuidString.prefix(RosterLookup.minimumShortIDLength)))"
    }

    /// What `edit` says: each change with its old and new value, as in `Updated Alan Turing:
    /// score 88 -> 91.5.`, or that nothing changed.
    static func edited(_ edit: StudentEdit) -> String {
        let name = VisibleText.of(edit.after.name)
        let changes = edit.changes.map {
            "\($0.field) \(VisibleText.of($0.old)) -> \(VisibleText.of($0.new))"
        }
        guard !changes.isEmpty else { return "\(name) already had those values; nothing changed.\n" }
        return "Updated \(name): \(changes.joined(separator: ", ")).\n"
    }

    /// `1 student`, `2 students`.
    static func count(_ count: Int) -> String {
        count == 1 ? "1 student" : "\(count) students"
    }
}
