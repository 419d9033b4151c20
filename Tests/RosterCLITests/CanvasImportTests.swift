import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// Canvas's gradebook export, laid out as Canvas's exporter writes it: its account columns, a
/// custom column, the row of assignments posted by hand, `Points Possible` with `(read only)`
/// totals, the totals for each group and for the course, overrides, `EX`, `N/A`, extra credit,
/// two assignments of one title, and the test student Student View adds.
@Suite("Canvas's gradebook export")
struct CanvasImportTests {
    let sandbox: RosterSandbox

    init() throws {
        sandbox = try RosterSandbox()
        _ = try sandbox.add("Ada Lovelace", age: 12, ["--school-id", "S1"])
        _ = try sandbox.add("Alan Turing", age: 12, ["--school-id", "S2"])
    }

    static let totals = [
        "Quizzes Current Points", "Quizzes Final Points", "Quizzes Current Score",
        "Quizzes Unposted Current Score",
        "Quizzes Final Score", "Quizzes Unposted Final Score", "Current Points", "Final Points",
        "Current Score (Fall 2026)", "Unposted Current Score (Fall 2026)", "Final Score (Fall 2026)",
        "Unposted Final Score (Fall 2026)", "Current Grade", "Unposted Current Grade", "Final Grade",
        "Unposted Final Grade", "Override Score", "Override Grade",
    ]

    /// A Canvas export: `accounts` are the columns between ID and the assignments.
    func canvasFile(
        nameColumns: [String] = ["Student"],
        names: [[String]] = [["Lovelace, Ada"], ["Turing, Alan"], ["Student, Test"]]
    ) throws -> URL {
        let accounts = [
            "ID", "SIS User ID", "SIS Login ID", "Integration ID", "Root Account", "Section", "Notes",
        ]
        let assignments = ["Quiz 1 (12345)", "Quiz 1 (12399)", "Essay (12400)"]
        let header = nameColumns + accounts + assignments + Self.totals
        let blank = { (count: Int) in [String](repeating: "", count: count) }
        let readOnly = [String](repeating: "(read only)", count: Self.totals.count - 2) + ["", "(read only)"]
        var rows = [
            blank(nameColumns.count + accounts.count) + ["Manual Posting", "", ""] + blank(Self.totals.count),
            ["    Points Possible"] + blank(nameColumns.count - 1 + accounts.count - 1) + ["(read only)"]
                + ["10.00", "10.00", "20.00"] + readOnly,
        ]
        let accountCells = [
            ["101", "S1", "ada", "", "canvas.example.edu", "7A", "kind"],
            ["102", "S2", "alan", "", "canvas.example.edu", "7A", ""],
            ["999", "", "test", "", "canvas.example.edu", "7A", ""],
        ]
        let marks = [["8.00", "9", "EX"], ["N/A", "12.00", "15"], ["5", "5", "5"]]
        for (index, name) in names.enumerated() {
            rows.append(
                name + accountCells[index] + marks[index]
                    + [String](repeating: "77.5", count: Self.totals.count))
        }
        let text =
            ([header] + rows).map { row in
                row.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
            }.joined(separator: "\n") + "\n"
        let file = sandbox.folder.appendingPathComponent("canvas.csv")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Each student's marks by assessment name.
    func marks() throws -> [String: [String: Mark]] {
        let (students, book) = try StorageHandler.loadMarkbook(from: sandbox.file)
        return Dictionary(
            uniqueKeysWithValues: students.map { student in
                (
                    student.name,
                    Dictionary(
                        uniqueKeysWithValues: book.assessments.compactMap { assessment in
                            student.marks[assessment.id].map { (assessment.name, $0) }
                        })
                )
            })
    }

    @Test(
        "every mark, blank and note of a typical export",
        arguments: [["Student"], ["LastName", "FirstName"]])
    func typicalExport(nameColumns: [String]) throws {
        let names =
            nameColumns.count == 1
            ? [["Lovelace, Ada"], ["Turing, Alan"], ["Student, Test"]]
            : [["Lovelace", "Ada"], ["Turing", "Alan"], ["Student", "Test"]]
        let file = try canvasFile(nameColumns: nameColumns, names: names)
        let result = sandbox.run(["import", file.path, "--marks"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let (_, book) = try StorageHandler.loadMarkbook(from: sandbox.file)
        #expect(book.assessments.map(\.name) == ["Quiz 1", "Quiz 1 (12399)", "Essay"])
        #expect(book.assessments.map(\.canvasID) == ["12345", "12399", "12400"])
        #expect(book.assessments.map(\.outOf) == [Fraction(10), Fraction(10), Fraction(20)])
        let marks = try marks()
        #expect(
            marks["Ada Lovelace"] == [
                "Quiz 1": .points(Fraction(8)), "Quiz 1 (12399)": .points(Fraction(9)), "Essay": .excused,
            ])
        #expect(
            marks["Alan Turing"] == ["Quiz 1 (12399)": .points(Fraction(12)), "Essay": .points(Fraction(15))])
        #expect(result.errorOutput.contains("Note: left out Canvas's test student (Student, Test)."))
        #expect(
            result.errorOutput.contains("Note: left out Canvas's custom columns Notes: they hold no marks."))
        #expect(
            result.errorOutput.contains("Override Score")
                && result.errorOutput.contains("Current Score (Fall 2026)"))
        #expect(result.errorOutput.contains("Note: 1 mark is above the maximum, kept as extra credit."))
        let grades = sandbox.run(["grades", "--format", "csv"]).output
        #expect(grades.contains("Alan Turing"), "\(grades)")
    }

    @Test("a re-import finds each assignment by Canvas's number, even after a rename in roster")
    func reimportAfterRename() throws {
        let file = try canvasFile()
        #expect(sandbox.run(["import", file.path, "--marks"]).status == 0)
        #expect(sandbox.run(["assessment", "rename", "Quiz 1", "Fractions quiz"]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "8.00", with: "7")
        try Data(text.utf8).write(to: file)
        let again = sandbox.run(["import", file.path, "--marks"])
        #expect(again.status == 0, "\(again.errorOutput)")
        let (_, book) = try StorageHandler.loadMarkbook(from: sandbox.file)
        #expect(book.assessments.map(\.name) == ["Fractions quiz", "Quiz 1 (12399)", "Essay"])
        #expect(try marks()["Ada Lovelace"]?["Fractions quiz"] == .points(Fraction(7)))
    }

    @Test("grades --format canvas writes what Canvas's import takes, and it imports back unchanged")
    func canvasExport() throws {
        #expect(sandbox.run(["import", try canvasFile().path, "--marks"]).status == 0)
        let exported = sandbox.run(["grades", "--format", "canvas"])
        #expect(exported.status == 0, "\(exported.errorOutput)")
        let lines = exported.output.components(separatedBy: "\r\n")
        #expect(
            lines.prefix(4) == [
                "Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (12345),Quiz 1 (12399),Essay (12400)",
                "    Points Possible,,,,,10,10,20", "Ada Lovelace,,S1,,,8,9,EX", "Alan Turing,,S2,,,,12,15",
            ], "\(exported.output)")
        let file = sandbox.folder.appendingPathComponent("back.csv")
        try Data(exported.output.utf8).write(to: file)
        let before = try marks()
        let again = sandbox.run(["import", file.path, "--marks"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try marks() == before)
        #expect(try StorageHandler.loadMarkbook(from: sandbox.file).markbook.assessments.count == 3)
    }
}

/// Google Classroom's grades file: first and last names, an email address, the overall grade, a
/// row of due dates and `Points possible`.
@Suite("Google Classroom's grades file")
struct GoogleClassroomImportTests {
    @Test("marks by name, with the email, the overall grade and the dates row left out")
    func googleClassroom() throws {
        let sandbox = try RosterSandbox()
        _ = try sandbox.add("Ada Lovelace", age: 12)
        _ = try sandbox.add("Alan Turing", age: 12)
        let file = sandbox.folder.appendingPathComponent("grades.csv")
        let text = """
            Last Name,First Name,Email Address,Overall,Quiz 1,Essay
            ,,,,"Nov 3, 2026",
            Points possible,,,,10,20
            Lovelace,Ada,ada@school.example,85,8,17
            Turing,Alan,alan@school.example,,6,

            """
        try Data(text.utf8).write(to: file)
        let result = sandbox.run(["import", file.path, "--marks"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(
            result.errorOutput.contains("left out the columns Email Address, Overall"),
            "\(result.errorOutput)")
        #expect(
            result.errorOutput.contains("left out line 2, which name no student"), "\(result.errorOutput)")
        let (students, book) = try StorageHandler.loadMarkbook(from: sandbox.file)
        #expect(book.assessments.map(\.name) == ["Quiz 1", "Essay"])
        #expect(book.assessments.map(\.outOf) == [Fraction(10), Fraction(20)])
        let ids = book.assessments.map(\.id)
        #expect(students[0].marks == [ids[0]: .points(Fraction(8)), ids[1]: .points(Fraction(17))])
        #expect(students[1].marks == [ids[0]: .points(Fraction(6))])
    }
}
