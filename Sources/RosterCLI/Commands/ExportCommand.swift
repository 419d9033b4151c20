import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster export [--format csv|json|plist] [--output <file>] [--bom] [--delimiter comma|semicolon]`
struct ExportCommand: Subcommand {
    static let name = "export"
    static let abstract = "Write every student, in the order they were added, as CSV, JSON or a plist."
    static let discussion: String? =
        "Without --format the format follows the --output file's extension, else CSV. "
        + "A plist export is XML. CSV fields that a spreadsheet would run as a formula start with '."
    static let fields: [CommandField<Self>] = [
        .option("format", \.format, valueName: "format", help: "The file format.", parse: .choice()),
        .option(
            "output", \.output, valueName: "file",
            help:
                "The file to write, replacing it; a pipe or device is written into. (default: standard output, also -)",
            parse: .text),
        .flag(
            "bom", \.bom,
            help: "Start a CSV export with a UTF-8 byte order mark, so Excel shows accented names right."),
        .option(
            "delimiter", \.delimiter, valueName: "delimiter",
            help: "What separates CSV fields; semicolon also writes decimal commas (7,5), as German or "
                + "French spreadsheets expect.",
            parse: .choice(default: .comma)),
    ]

    var format: InterchangeFormat?
    var output: String?
    var bom = false
    var delimiter: CSVRosterWriter.Delimiter?

    /// The UTF-8 byte order mark: Excel reads a CSV file as UTF-8 only when it starts with it.
    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The format asked for, else the one the output file's extension names, else CSV.
    private func chosenFormat() throws -> InterchangeFormat {
        try format ?? ReportOutput.file(output).flatMap(InterchangeFormat.inferred(from:)) ?? .csv
    }

    func validate() throws {
        if let output = try ReportOutput.file(output),
            Self.workbookExtensions.contains(output.pathExtension.lowercased())
        {
            throw UsageError.message(
                "roster does not write .\(output.pathExtension) files, and a CSV file named so would not open. "
                    + "Export to a .csv file, which Excel, LibreOffice and Numbers open.")
        }
        _ = try Self.byteOrderMark(if: bom, format: chosenFormat())
        _ = try Self.csvDelimiter(delimiter, format: chosenFormat())
    }

    func run(in context: CommandContext) throws {
        let output = try ReportOutput.file(output)
        let format = try chosenFormat()
        let prefix = try Self.byteOrderMark(if: bom, format: format)
        let delimiter = try Self.csvDelimiter(delimiter, format: format)
        let progress = ProgressLine(output: context.errorOutput, delay: context.progressDelay)
        // A JSON or plist export carries the marks, so the students and the markbook are read
        // together, of one moment; a CSV export has no marks.
        let (students, book) =
            format == .csv
            ? (try context.loadedStudents(), Markbook())
            : try StorageHandler.loadMarkbook(from: context.fileURL)
        progress.show("Exporting \(StudentText.count(students.count))…")
        defer { progress.finish() }
        guard let output else {
            return try writeToStandardOutput(
                students, book: book, format: format, prefix: prefix, delimiter: delimiter, context)
        }
        // A pipe, a terminal or a device is written into, as a redirection would, and gets the
        // data only: a confirmation in /dev/stdout would end up in the export.
        let wroteFile = try StorageHandler.writeFile(
            prefix
                + (try format.bytes(
                    for: students, order: Array(students.indices), delimiter: delimiter, exact: true)),
            to: output)
        guard wroteFile else { return }
        context.output.write(
            "Exported \(StudentText.count(students.count)) to \(output.path) as \(format.rawValue).\n")
        try exportMarkbook(book, beside: output, format: format, context)
    }

    /// Writes the export to standard output, noting that the class's markbook needs a file.
    private func writeToStandardOutput(
        _ students: [Student], book: Markbook, format: InterchangeFormat, prefix: [UInt8],
        delimiter: CSVRosterWriter.Delimiter, _ context: CommandContext
    ) throws {
        if format == .plist, context.output.isTerminal {
            // A plist whose names XML cannot hold is binary, which a terminal cannot show.
            let bytes = try format.bytes(for: students, order: Array(students.indices))
            guard !bytes.starts(with: Array("bplist".utf8)) else {
                throw UsageError.message(
                    "A name holds a character an XML property list cannot hold, so the plist is binary; "
                        + "give --output <file>, or choose --format json.")
            }
        }
        if !book.isEmpty {
            context.errorOutput.write(
                "Note: the class's assessments, categories and letters go in a file beside the export; "
                    + "give --output <file> to write them too.\n")
        }
        context.output.write(bytes: prefix)
        // Into a file or a pipe the names go as they are, to come back; a terminal shows them.
        try format.write(
            students, order: Array(students.indices), delimiter: delimiter,
            exact: !context.output.isTerminal
        ) {
            context.output.write(bytes: $0)
        }
    }

    /// Writes the class's markbook beside a JSON or plist export, which carries each student's
    /// marks by assessment id (see ``MarkbookFile``); a CSV export, or a class without a
    /// markbook, has none to write.
    private func exportMarkbook(
        _ book: Markbook, beside output: URL, format: InterchangeFormat, _ context: CommandContext
    ) throws {
        guard !book.isEmpty else { return }
        let file = MarkbookFile.url(besideExport: output)
        guard try StorageHandler.writeFile(try MarkbookFile.bytes(book, format: format), to: file) else {
            return
        }
        context.output.write("Exported the markbook beside it, to \(file.path).\n")
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
    private static func csvDelimiter(_ value: CSVRosterWriter.Delimiter?, format: InterchangeFormat) throws
        -> CSVRosterWriter.Delimiter
    {
        let delimiter = value ?? .comma
        guard delimiter == .comma || format == .csv else {
            throw UsageError.message(
                "--delimiter is for CSV exports; a \(format.rawValue) file has no delimiter. "
                    + "Drop --delimiter, or add --format csv.")
        }
        return delimiter
    }
}
