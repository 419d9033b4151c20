import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster import <file> [--format csv|json|plist] [--replace] [--dry-run] [--allow-duplicates] [--report text|json]`
enum ImportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Add the students in a CSV, JSON or plist file to the roster.",
        discussion: "All or nothing: every row is checked as 'roster add' checks it, and if any row is wrong "
            + "nothing is imported and every wrong row is listed as <file>:<line>: <problem>. CSV files need a "
            + "header with name and age columns; id, grade and score are optional. A student whose id is on "
            + "the roster is updated, the others are added; the change list shows who is added, removed and "
            + "changed. A row without an id whose name and age match a student already there is refused as a "
            + "probable duplicate.",
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
                name: "dry-run", help: "Check the file and show the change it would make, writing nothing."),
            OptionSpec(
                name: "allow-duplicates",
                help: "Import rows without an id even when their name and age match a student already there."),
            OptionSpec(
                name: "report", valueName: "format", help: "How to print the change list.",
                choices: ["text", "json"], defaultValue: "text"),
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
            let (replace, dryRun) = (parsed.has("replace"), parsed.has("dry-run"))
            let changes = try context.viewModel().importStudents(
                result, replace: replace, dryRun: dryRun, allowDuplicates: parsed.has("allow-duplicates"))
            progress.finish()
            let report = ImportReport(changes: changes, path: path, replace: replace, dryRun: dryRun)
            context.output.write(parsed.values["report"] == "json" ? report.json : report.text)
        } catch let error as ProbableDuplicatesError {
            context.errorOutput.write(
                error.duplicates.map { ImportReport.line($0, path: path) + "\n" }.joined())
            throw error
        } catch let error as ImportError {
            let lines = error.problems.map {
                "\(path):\($0.location.map { "\($0):" } ?? "") \(VisibleText.of($0.message))\n"
            }
            context.errorOutput.write(lines.joined())
            throw error
        }
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
