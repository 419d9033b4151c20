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
            ("ID", student.id.uuidString), ("Name", VisibleText.of(student.name)),
            ("Age", String(student.age)),
            ("Grade", student.grade.map(String.init) ?? "-"),
            ("Score", student.score.map(StudentText.score) ?? "-"),
        ]
        let details = [
            ("School ID", student.schoolID), ("First", student.firstName), ("Last", student.lastName),
            ("Joined", student.joined?.text), ("Left", student.left?.text),
            ("Note", student.note),
        ]
        rows += details.compactMap { label, value in value.map { (label, VisibleText.of($0)) } }
        let width = rows.contains { $0.0.count > 5 } ? 11 : 7
        try ReportOutput.write(
            rows.map { "\(DisplayWidth.padded($0.0 + ":", to: width))\($0.1)\n" }.joined(),
            about: "the student",
            to: output, context)
    }
}
