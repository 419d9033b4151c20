import RosterEngine
import RosterKit

/// `roster show <student> [--format table|json]`
enum ShowCommand: Subcommand {
    static let name = "show"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show one student.",
        arguments: [
            ArgumentSpec(
                name: "student",
                help:
                    "A name or its words (a first name will do), a full id, or an id prefix of 4 or more characters."
            )
        ],
        options: [
            .tableOrJSON("How to print the student.")
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let students = try context.loadedStudents()
        let student = students[try RosterLookup.index(of: parsed.positionals[0], in: students)]
        if parsed.values["format"] == "json" {
            context.output.write(JSONRosterWriter.object(student) + "\n")
            return
        }
        var rows = [
            ("ID", student.id.uuidString), ("Name", VisibleText.of(student.name)),
            ("Age", String(student.age)),
            ("Grade", student.grade.map(String.init) ?? "-"),
            ("Score", student.score.map(StudentText.score) ?? "-"),
        ]
        let details = [
            ("School ID", student.schoolID), ("First", student.firstName), ("Last", student.lastName),
            ("Note", student.note),
        ]
        rows += details.compactMap { label, value in value.map { (label, VisibleText.of($0)) } }
        let width = rows.contains { $0.0.count > 5 } ? 11 : 7
        context.output.write(rows.map { "\(DisplayWidth.padded($0.0 + ":", to: width))\($0.1)\n" }.joined())
    }
}
