import Foundation
import Testing

@testable import RosterKit

/// A marks file's size limit counts its students: the header and Canvas's `Points Possible`
/// row are not rows of students.
@Suite("The marks file's row limit")
struct MarksTableLimitTests {
    private func table(students: Int, limit: Int) throws(ImportProblem) -> MarksTable {
        let rows = (0..<students).map { "Pupil \($0),7\n" }.joined()
        let text = "Student,Quiz 1 (101)\nPoints Possible,10\n" + rows
        return try MarksTable(csv: Data(text.utf8), mostStudents: limit)
    }

    @Test("exactly the limit of students, with a header and a Points Possible row, is read whole")
    func atTheLimit() throws {
        let read = try table(students: 3, limit: 3)
        #expect(read.rows.count == 3 && read.columns.first?.outOf == Fraction(10))
    }

    @Test("one student more than the limit is refused, naming the limit")
    func overTheLimit() {
        #expect(throws: ImportProblem(message: "the file has more than 3 students")) {
            _ = try table(students: 4, limit: 3)
        }
    }
}
