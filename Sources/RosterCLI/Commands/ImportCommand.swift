import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster import <file> [--format csv|json|plist] [--replace] [--dry-run]`
enum ImportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Add the students in a CSV, JSON or plist file to the roster.",
        discussion: "All or nothing: every row is checked as 'roster add' checks it, and if any row is wrong "
            + "nothing is imported and every wrong row is listed as <file>:<line>: <problem>. CSV files need a "
            + "header with name and age columns; id, grade and score are optional.",
        arguments: [
            ArgumentSpec(name: "file", help: "The file to import; - reads standard input (with --format).")
        ],
        options: [
            OptionSpec(
                name: "format", valueName: "format",
                help: "The file format. (default: from the file's extension)",
                choices: InterchangeFormat.allCases.map(\.rawValue)),
            OptionSpec(name: "replace", help: "Replace the whole roster with the file's students."),
            OptionSpec(
                name: "dry-run", help: "Check the file and show what would be imported, writing nothing."),
        ])

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let path = parsed.positionals[0]
        // `-` is standard input, which has no name to tell the format by.
        let file = URL(fileURLWithPath: path == "-" ? "/dev/stdin" : path)
        guard
            let format = parsed.values["format"].flatMap(InterchangeFormat.init(rawValue:))
                ?? InterchangeFormat.inferred(from: file)
        else {
            // A workbook is told what to do about it rather than to name a format it is not.
            if path != "-", let data = try? StorageHandler.readFile(at: file), RosterImporter.isWorkbook(data)
            {
                throw WorkbookError(path: path)
            }
            throw UsageError.message(
                "Cannot tell the format of '\(path)' from its name; add --format csv, --format json or --format plist."
            )
        }
        do {
            let progress = ProgressLine(output: context.errorOutput, delay: context.progressDelay)
            // Ended before anything else is printed, errors included, so they start on their own line.
            defer { progress.finish() }
            // The file's bytes are let go once read, before the roster is written.
            let data = try StorageHandler.readFile(at: file)
            if RosterImporter.isWorkbook(data) { throw WorkbookError(path: path) }
            let result = try RosterImporter.read(data, format: format) { done in
                progress.show("Checking rows: \(done)…")
            }
            progress.finish()
            for note in result.notes { context.errorOutput.write("Note: \(VisibleText.of(note)).\n") }
            progress.show("Writing \(StudentText.count(result.students.count))…")
            let dryRun = parsed.has("dry-run")
            let added = try context.viewModel().importStudents(
                result, replace: parsed.has("replace"), dryRun: dryRun)
            report(added, from: path, replace: parsed.has("replace"), dryRun: dryRun, to: context.output)
        } catch let error as ImportError {
            let lines = error.problems.map {
                "\(path):\($0.location.map { "\($0):" } ?? "") \(VisibleText.of($0.message))\n"
            }
            context.errorOutput.write(lines.joined())
            throw error
        }
    }

    private static func report(
        _ added: [Student], from path: String, replace: Bool, dryRun: Bool, to output: TextOutput
    ) {
        let count = StudentText.count(added.count)
        guard dryRun else {
            output.write(
                replace
                    ? "Replaced the roster with \(count) from \(path).\n"
                    : "Imported \(count) from \(path).\n")
            return
        }
        var text =
            replace
            ? "Would replace the roster with \(count) from \(path)" : "Would import \(count) from \(path)"
        text += "; nothing was written (dry run).\n"
        text.reserveCapacity(text.utf8.count + added.count * 30)
        for student in added { text += "  \(VisibleText.of(student.name)), age \(student.age)\n" }
        output.write(text)
    }
}

/// A spreadsheet workbook given to `import`: one `Error:` line saying what to do instead.
struct WorkbookError: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "'\(VisibleText.of(path))' is a spreadsheet workbook (.xlsx, .ods or .xls), not CSV. In the spreadsheet, "
            + "save it as \"CSV UTF-8\" and import that file."
    }
}
