import Foundation
import RosterKit

/// `roster export [--format csv|json|plist] [--output <file>]`
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write every student, in the order they were added, as CSV, JSON or a plist.",
        discussion: "Without --format the format follows the --output file's extension, else CSV. "
            + "A plist export is XML. CSV fields that a spreadsheet would run as a formula start with '.",
        options: [
            OptionSpec(
                name: "format", valueName: "format", help: "The file format.",
                choices: InterchangeFormat.allCases.map(\.rawValue)),
            OptionSpec(
                name: "output", valueName: "file",
                help: "The file to write, replacing it. (default: standard output)"),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let output = parsed.values["output"].map { URL(fileURLWithPath: $0) }
        if parsed.values["output"]?.isEmpty == true {
            throw UsageError.invalidValue(
                "", label: "--output <file>", reason: "Give the path of the file to write.")
        }
        let format =
            parsed.values["format"].flatMap(InterchangeFormat.init(rawValue:))
            ?? output.flatMap(InterchangeFormat.inferred(from:)) ?? .csv
        let progress = ProgressLine(output: context.errorOutput, delay: context.progressDelay)
        let students = try context.loadedViewModel().students
        progress.show("Exporting \(StudentText.count(students.count))…")
        defer { progress.finish() }
        guard let output else {
            try format.write(students, order: Array(students.indices)) { context.output.write(bytes: $0) }
            return
        }
        try StorageHandler.writeFile(
            try format.bytes(for: students, order: Array(students.indices)), to: output)
        context.output.write(
            "Exported \(StudentText.count(students.count)) to \(output.path) as \(format.rawValue).\n")
    }
}
