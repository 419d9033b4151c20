import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster export [--format csv|json|plist] [--output <file>] [--bom] [--delimiter comma|semicolon]`
enum ExportCommand: Subcommand {
    static let name = "export"
    static let spec = CommandSpec(
        name: name,
        abstract: "Write every student, in the order they were added, as CSV, JSON or a plist.",
        discussion: "Without --format the format follows the --output file's extension, else CSV. "
            + "A plist export is XML. CSV fields that a spreadsheet would run as a formula start with '.",
        options: [
            OptionSpec(
                name: "format", valueName: "format", help: "The file format.",
                choices: InterchangeFormat.allCases.map(\.rawValue)),
            OptionSpec(
                name: "output", valueName: "file",
                help:
                    "The file to write, replacing it; a pipe or device is written into. (default: standard output, also -)"
            ),
            OptionSpec(
                name: "bom",
                help: "Start a CSV export with a UTF-8 byte order mark, so Excel shows accented names right."),
            OptionSpec(
                name: "delimiter", valueName: "delimiter",
                help: "What separates CSV fields; semicolon also writes decimal commas (7,5), as German or "
                    + "French spreadsheets expect.",
                choices: CSVRosterWriter.Delimiter.allCases.map(\.rawValue), defaultValue: "comma"),
        ])

    /// The UTF-8 byte order mark: Excel reads a CSV file as UTF-8 only when it starts with it.
    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws {
        let output = try PageOutput.file(parsed)
        if let output, Self.workbookExtensions.contains(output.pathExtension.lowercased()) {
            throw UsageError.message(
                "roster does not write .\(output.pathExtension) files, and a CSV file named so would not open. "
                    + "Export to a .csv file, which Excel, LibreOffice and Numbers open.")
        }
        let format =
            parsed.values["format"].flatMap(InterchangeFormat.init(rawValue:))
            ?? output.flatMap(InterchangeFormat.inferred(from:)) ?? .csv
        let prefix = try byteOrderMark(if: parsed.has("bom"), format: format)
        let delimiter = try csvDelimiter(parsed.values["delimiter"], format: format)
        let progress = ProgressLine(output: context.errorOutput, delay: context.progressDelay)
        let students = try context.loadedStudents()
        progress.show("Exporting \(StudentText.count(students.count))…")
        defer { progress.finish() }
        guard let output else {
            context.output.write(bytes: prefix)
            try format.write(students, order: Array(students.indices), delimiter: delimiter) {
                context.output.write(bytes: $0)
            }
            return
        }
        // A pipe, a terminal or a device is written into, as a redirection would, and gets the
        // data only: a confirmation in /dev/stdout would end up in the export.
        let wroteFile = try StorageHandler.writeFile(
            prefix + (try format.bytes(for: students, order: Array(students.indices), delimiter: delimiter)),
            to: output)
        guard wroteFile else { return }
        context.output.write(
            "Exported \(StudentText.count(students.count)) to \(output.path) as \(format.rawValue).\n")
    }

    /// The extensions of spreadsheet workbooks, which roster does not write.
    private static let workbookExtensions: Set<String> = ["xlsx", "xlsm", "xls", "ods", "numbers"]

    /// The bytes a `--bom` export starts with: none without the flag; the flag fits CSV only,
    /// since JSON and plist readers reject a byte order mark.
    private static func byteOrderMark(if requested: Bool, format: InterchangeFormat) throws -> [UInt8] {
        guard requested else { return [] }
        guard format == .csv else {
            throw UsageError.message(
                "--bom is for CSV exports; a \(format.rawValue) file must not start with a byte order mark. "
                    + "Drop --bom, or add --format csv.")
        }
        return utf8ByteOrderMark
    }

    /// The delimiter `--delimiter` asks for; one other than the default fits CSV only.
    private static func csvDelimiter(_ value: String?, format: InterchangeFormat) throws
        -> CSVRosterWriter.Delimiter
    {
        let delimiter = value.flatMap(CSVRosterWriter.Delimiter.init(rawValue:)) ?? .comma
        guard delimiter == .comma || format == .csv else {
            throw UsageError.message(
                "--delimiter is for CSV exports; a \(format.rawValue) file has no delimiter. "
                    + "Drop --delimiter, or add --format csv.")
        }
        return delimiter
    }
}
