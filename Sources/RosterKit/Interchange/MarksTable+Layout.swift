import RosterEngine

extension MarksTable {
    /// Which column of a marks file holds what, read from its header.
    struct Layout {
        var id: Int?
        var schoolID: Int?
        var name: Int?
        var lastName: Int?
        var firstName: Int?
        var assessments: [(name: String, canvasID: String?, column: Int)] = []
        var notes: [String] = []
        /// Whether the header is one Canvas's gradebook exporter writes: its assignments all carry
        /// Canvas's number, so a column without one is a custom column, not an assignment.
        let isCanvas: Bool

        /// Columns whose values a gradebook works out, left out of an import. Canvas writes each
        /// for the whole course, for each assignment group (`Quizzes Current Score`) and for a
        /// grading period (`Current Score (Fall 2026)`).
        static let worked = [
            "current score", "final score", "current grade", "final grade", "current points", "final points",
            "override score", "override grade", "result (%)", "letter", "overall", "overall grade",
        ]

        /// Columns about a student's account, which hold no marks: Canvas's, and Google
        /// Classroom's email address.
        static let accountColumns: Set<String> = [
            "sis login id", "section", "integration id", "root account", "email address", "email",
        ]

        init(_ header: [String]) {
            let keys = header.map { $0.trimmingWhitespace().lowercased() }
            isCanvas = keys.contains("sis login id") || (keys.contains("section") && keys.contains("id"))
            var (worked, custom) = ([String](), [String]())
            for (column, title) in header.enumerated() {
                let text = String(title.trimmingWhitespace())
                switch keys[column] {
                case "id", "student id", "roster id": id = id ?? column
                case "sis user id", "school id", "schoolid": schoolID = schoolID ?? column
                case "student", "name", "student name": name = name ?? column
                case "lastname", "last name": lastName = lastName ?? column
                case "firstname", "first name": firstName = firstName ?? column
                case "": continue
                case let key where Self.accountColumns.contains(key): worked.append(text)
                default:
                    let (name, canvasID) = Self.assessmentName(text)
                    if Self.isWorked(name.lowercased()) {
                        worked.append(text)
                    } else if isCanvas && canvasID == nil {
                        custom.append(text)
                    } else {
                        assessments.append((name, canvasID, column))
                    }
                }
            }
            if !worked.isEmpty {
                notes.append(
                    "left out the columns \(worked.joined(separator: ", ")): only marks are imported")
            }
            if !custom.isEmpty {
                notes.append(
                    "left out Canvas's custom columns \(custom.joined(separator: ", ")): they hold no marks")
            }
        }

        /// Whether a column titled `key` (in lower case, without Canvas's number) holds what a
        /// gradebook works out: `current score`, `quizzes final grade`, `current score (fall 2026)`.
        private static func isWorked(_ key: String) -> Bool {
            var key = Substring(key)
            if key.hasSuffix(")"), let open = key.lastIndex(of: "(") {
                let period = key[..<open].trimmingWhitespace()
                if worked.contains(where: { period.hasSuffix($0) }) { key = period }
            }
            return worked.contains { key.hasSuffix($0) } || key.hasSuffix("(%)")
        }

        /// `Quiz 1 (12345)`, as Canvas names an assignment, is *Quiz 1*, Canvas's number 12345.
        static func assessmentName(_ title: String) -> (name: String, canvasID: String?) {
            guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return (title, nil) }
            let number = title[title.index(after: open)..<title.index(before: title.endIndex)]
            guard Assessment.isCanvasID(number) else { return (title, nil) }
            return (String(title[..<open].trimmingWhitespace()), String(number))
        }

        /// The row's student's name, first name first: the name column's, or the first and last
        /// names' columns joined.
        func studentName(_ cell: (Int?) -> String?) -> String? {
            if let whole = cell(name).map(Self.unguarded) { return Self.firstNameFirst(whole) }
            let parts = [cell(firstName), cell(lastName)].compactMap { $0.map(Self.unguarded) }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }

        /// A name as Canvas writes one that starts with `=`, `="=Name"` so that a spreadsheet runs
        /// no formula, is the name inside.
        private static func unguarded(_ name: String) -> String {
            guard name.count > 3, name.hasPrefix("=\""), name.hasSuffix("\"") else { return name }
            return String(name.dropFirst(2).dropLast())
        }

        /// "Lovelace, Ada", as Canvas writes a student, is Ada Lovelace, by the import's rule for
        /// a name written surname first (`SurnameFirstNames`).
        private static func firstNameFirst(_ name: String) -> String {
            SurnameFirstNames.parts(of: name).map { $0.first + " " + $0.last } ?? name
        }
    }
}
