import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a page to print goes: standard output, or the file `--output` names.
enum PageOutput {
    /// The `--output` option of the commands that print pages.
    static func field<Command>(_ keyPath: WritableKeyPath<Command, String?> & Sendable) -> CommandField<
        Command
    > {
        .option(
            "output", keyPath, valueName: "file",
            help:
                "With --format html, the file to write the page to, replacing it. (default: standard output, also -)",
            parse: .text)
    }

    /// The extensions a page's file may have; none is fine too.
    private static let pageExtensions: Set<String> = ["", "html", "htm"]

    /// Refuses `--output` without `--format html`, and a file named as another format, before
    /// anything is read.
    static func check(_ output: String?, isHTML: Bool) throws {
        guard output != nil else { return }
        guard isHTML else {
            throw UsageError.message("--output is for a page to print; add --format html, or drop --output.")
        }
        guard let file = try file(output) else { return }
        let suffix = file.pathExtension.lowercased()
        guard pageExtensions.contains(suffix) else {
            throw UsageError.message(
                "A page is HTML, not .\(VisibleText.of(suffix)); name the file with .html, and print it "
                    + "to PDF from the browser if a PDF is wanted.")
        }
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

    /// Writes `page`, about `what`, where `--output` (`output`) says.
    static func write(_ page: String, about what: String, to output: String?, _ context: CommandContext)
        throws
    {
        guard let url = try file(output) else { return context.output.write(page) }
        // A pipe, a terminal or a device gets the page only, as for an export.
        guard try StorageHandler.writeFile(Array(page.utf8), to: url) else { return }
        context.output.write("Wrote \(what) to \(VisibleText.of(url.path)).\n")
    }
}
