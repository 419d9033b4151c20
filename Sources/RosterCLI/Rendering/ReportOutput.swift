import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a command's report goes: standard output, or the file `--output` names, the same way for
/// every command and every format (a table, CSV, JSON, a plist or a page to print).
enum ReportOutput {
    /// The `--output` option of the commands that print a report.
    static func field<Command>(_ keyPath: WritableKeyPath<Command, String?> & Sendable) -> CommandField<
        Command
    > {
        .option(
            "output", keyPath, valueName: "file",
            help:
                "The file to write the report to, in the --format given, replacing it. (default: standard output, also -)",
            parse: .text)
    }

    /// The extensions a file of each format may have; none is fine too.
    private static let extensions: [(format: OutputFormat, suffixes: Set<String>)] = [
        (.table, ["", "txt", "text"]), (.csv, ["", "csv", "txt", "tsv"]), (.json, ["", "json"]),
        (.plist, ["", "plist", "xml"]), (.html, ["", "html", "htm"]), (.canvas, ["", "csv"]),
        (.oneroster, [""]),
    ]

    /// Refuses a file named as another format than the report's (`--output marks.html` for a
    /// CSV), before anything is read.
    static func check(_ output: String?, format: OutputFormat) throws {
        guard let file = try file(output) else { return }
        let suffix = file.pathExtension.lowercased()
        guard extensions.first(where: { $0.format == format })?.suffixes.contains(suffix) == false else {
            return
        }
        if format == .html {
            throw UsageError.message(
                "A page is HTML, not .\(VisibleText.of(suffix)); name the file with .html, and print it "
                    + "to PDF from the browser if a PDF is wanted.")
        }
        throw UsageError.message(
            "The report is \(format == .table ? "a table of text" : format.fileExtension.uppercased()), "
                + "not .\(VisibleText.of(suffix)); name the file with .\(format.fileExtension), or give the "
                + "--format the file is named for.")
    }

    /// The file `--output` names, or `nil` for standard output (none given, or `-`, as for most
    /// tools); the rule `export --output` follows too.
    ///
    /// - Throws: ``UsageError`` for an empty path.
    static func file(_ output: String?) throws -> URL? {
        guard let path = output, path != "-" else { return nil }
        guard !path.isEmpty else {
            throw UsageError.invalidValue(
                "", label: "--output <file>", reason: "Give the path of the file to write.")
        }
        return URL(fileURLWithPath: path)
    }

    /// The width to wrap a report's lists of names to: a file's lists stay one line each, as a
    /// pipe's do (see ``CommandContext/wrapWidth``).
    static func wrapWidth(for output: String?, _ context: CommandContext) -> Int {
        (try? file(output)) == nil ? context.wrapWidth : Int.max
    }

    /// The style of a report: a file gets no colours, whatever the terminal.
    static func style(for output: String?, _ context: CommandContext) -> Style {
        (try? file(output)) == nil
            ? context.style : Style(choice: .never, stream: context.output, environment: context.environment)
    }

    /// Writes `report`, about `what`, where `--output` (`output`) says.
    static func write(_ report: String, about what: String, to output: String?, _ context: CommandContext)
        throws
    {
        try write(Array(report.utf8), about: what, to: output, context)
    }

    /// Writes the bytes of `report`, about `what`, where `--output` (`output`) says: a file is
    /// replaced whole, and a pipe, a terminal or a device gets the report only, as for an export.
    static func write(_ report: [UInt8], about what: String, to output: String?, _ context: CommandContext)
        throws
    {
        guard let url = try file(output) else { return context.output.write(bytes: report) }
        guard try StorageHandler.writeFile(report, to: url) else { return }
        context.output.write("Wrote \(what) to \(VisibleText.of(url.path)).\n")
    }

    /// Writes a report made in parts, about `what`: each part goes straight to standard output,
    /// as a school's list of 100,000 is never held whole, or all of them to the file `--output`
    /// names, at the end.
    static func write(
        about what: String, to output: String?, _ context: CommandContext,
        parts: (_ write: ([UInt8]) -> Void) throws -> Void
    ) throws {
        guard try file(output) != nil else { return try parts { context.output.write(bytes: $0) } }
        var report: [UInt8] = []
        try parts { report.append(contentsOf: $0) }
        try write(report, about: what, to: output, context)
    }
}
