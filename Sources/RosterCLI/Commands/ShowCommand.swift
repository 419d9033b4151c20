import RosterEngine
import RosterKit

/// `roster show <student> [--format table|json] [--output <file>]`
struct ShowCommand: Subcommand {
    static let name = "show"
    static let abstract = "Show one student."
    static let fields: [CommandField<Self>] = [
        .argument(ArgumentSpec(name: "student", help: ArgumentSpec.studentHelp), \.student),
        .format(\.format, [.table, .json], help: "How to print the student."),
        ReportOutput.field(\.output),
    ]

    var student = ""
    var format: OutputFormat?
    var output: String?

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
    }

    func run(in context: CommandContext) throws {
        let students = try context.loadedStudents()
        let student = students[try RosterLookup.index(of: self.student, in: students)]
        if format == .json {
            return try ReportOutput.write(
                JSONRosterWriter.object(student) + "\n", about: "the student", to: output, context)
        }
        var rows = [
            (StudentField.id.label, student.id.uuidString),
            (StudentField.name.label, VisibleText.of(student.name)),
            (StudentField.age.label, VisibleText.of(student.ageText)),
            (StudentField.grade.label, student.grade.map(String.init) ?? "-"),
            (StudentField.score.label, student.score.map(StudentText.score) ?? "-"),
        ]
        rows += StudentDetail.allCases.compactMap { detail in
            // A comment is shown as the report prints it, its placeholders filled.
            let text = detail == .comment ? student.reportComment : student[detail]
            return text.map { (detail.label, VisibleText.of($0)) }
        }
        let longest = rows.map(\.0.count).max() ?? 0
        let width = longest > 5 ? max(11, longest + 2) : 7
        try ReportOutput.write(
            rows.map { "\(DisplayWidth.padded($0.0 + ":", to: width))\($0.1)\n" }.joined(),
            about: "the student",
            to: output, context)
    }
}
