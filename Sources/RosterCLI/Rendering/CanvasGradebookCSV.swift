import RosterEngine
import RosterKit

/// The markbook as Canvas's gradebook import takes it: `grades --format canvas`.
///
/// Canvas finds each student by `ID` (its own number, which roster does not keep, so left blank),
/// `SIS User ID` (the school's id) or `SIS Login ID`, and each assignment by the number in its
/// title, `Quiz 1 (12345)`; an assessment that came from Canvas keeps its number, and one made in
/// roster is a new assignment there. The `Points Possible` row gives the maximums; `EX` is an
/// excused mark, and a blank cell leaves Canvas's mark as it is.
enum CanvasGradebookCSV {
    /// The CSV text of `students`' marks on `assessments`.
    static func text(_ students: [Student], assessments: [Assessment]) -> String {
        let titles = assessments.map { assessment in
            let name = VisibleText.of(assessment.name)
            // An import names a second assignment of one title with its number already.
            guard let number = assessment.canvasID, !name.hasSuffix(" (\(number))") else { return name }
            return "\(name) (\(number))"
        }
        var lines = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] + titles]
        lines.append(
            ["    Points Possible", "", "", "", ""] + assessments.map { $0.outOf.decimalText(places: 6) })
        for student in students {
            let marks = student.marks
            let cells = assessments.map { assessment -> String in
                switch marks[assessment.id] {
                case .excused?: "EX"
                case let mark?: mark.points(outOf: assessment.outOf)?.decimalText(places: 6) ?? ""
                case nil: ""
                }
            }
            lines.append([sortableName(student), "", VisibleText.of(student.schoolID ?? ""), "", ""] + cells)
        }
        return CSVRosterWriter.lines(lines)
    }

    /// The name as Canvas sorts it, "Lovelace, Ada", when the student's parts are known.
    private static func sortableName(_ student: Student) -> String {
        guard let last = student.lastName, let first = student.firstName else {
            return VisibleText.of(student.name)
        }
        return VisibleText.of(last) + ", " + VisibleText.of(first)
    }
}
