import Foundation
import RosterEngine
import Testing

@testable import RosterKit

/// A large marks import keeps each change small and in file order: its student named by the
/// file's row, its marks packed, and the parts that were read at once kept as one list.
@Suite("Marks import")
struct MarksImportTests {
    @Test("a file read in parts gives each change its own row's student, in file order")
    func changesInParts() throws {
        let count = 2 * ParallelWork.worthSplitting + 7
        var students = (0..<count).map { Student(name: "Pupil \($0)", age: 12, schoolID: "S\($0)") }
        let rows = (0..<count).map { index in
            MarksTable.Row(
                line: index + 3, id: nil, schoolID: "S\(index)", name: nil,
                cells: ["\(index % 11)", index.isMultiple(of: 2) ? "EX" : ""])
        }
        let table = MarksTable(
            columns: [
                .init(name: "Quiz 1", outOf: Fraction(10), canvasID: nil),
                .init(name: "Quiz 2", outOf: Fraction(20), canvasID: nil),
            ],
            rows: rows, notes: [], allowsExtraCredit: false)
        var book = Markbook()
        let ids = students.map(\.id)
        let result = try MarksImport(table, outOf: nil, markbook: &book, students: &students)

        #expect(result.changes.count == count + (count + 1) / 2)
        let order = result.changes.map(\.row)
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 }, "changes out of file order")
        let strangers = result.changes.filter { change in
            result.student(of: change).id != ids[change.row]
                || result.student(of: change).name != "Pupil \(change.row)"
        }
        #expect(strangers.isEmpty, "\(strangers.count) changes name another row's student")
        let last = try #require(result.changes.last)
        #expect(
            last.row == count - 1 && result.assessment(of: last).name == "Quiz 2" && last.after == .excused)
        #expect(students[count - 1].marks[result.assessments[0].id] == .points(Fraction((count - 1) % 11)))
    }

    @Test(
        "a packed mark gives back the mark it keeps, one too wide for 64 bits too",
        arguments: [
            Mark.points(Fraction(17, over: 2)), .percent(Fraction(1_713, over: 20)), .excused, .missing,
            .points(Fraction(Int128(Int64.max) * 3 + 1, over: 7)),
            .percent(Fraction(1, over: Int128(Int64.max) + 2)),
        ])
    func packedMarks(mark: Mark) {
        #expect(CompactMark(mark).mark == mark)
    }

    @Test("the list of changes reads its parts as one, whatever the split")
    func changeList() {
        let made = (0..<5).map { MarksImport.Change(row: $0, column: $0 % 2, before: nil, after: .missing) }
        let split = MarkChanges(parts: [Array(made[0..<2]), [], Array(made[2...])])
        let whole = MarkChanges(parts: [made])

        #expect(split.count == 5 && split == whole && Array(split) == made)
        #expect(split[2] == made[2] && split[4].row == 4)
        #expect(MarkChanges().isEmpty && MarkChanges(parts: [[], []]).isEmpty)
    }
}
