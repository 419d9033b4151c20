import RosterEngine
import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster history [--format table|json] [--output <file>]`
struct HistoryCommand: Subcommand {
    static let name = "history"
    static let abstract = "List the changes that undo and redo can reach, newest first."
    static let discussion: String? =
        "Up to 100 changes are kept, in a private folder beside the roster. Undone changes are "
        + "marked; 'roster redo' makes them again, until the next change."
    static let fields: [CommandField<Self>] = [
        .format(\.format, [.table, .json], help: "How to print the changes."),
        ReportOutput.field(\.output),
    ]

    var format: OutputFormat?
    var output: String?

    func validate() throws {
        try ReportOutput.check(output, format: format ?? .table)
    }

    func run(in context: CommandContext) throws {
        let changes = try StorageHandler.history(at: context.fileURL)
        let strays = try StorageHandler.strayHistoryFiles(at: context.fileURL)
        context.errorOutput.write(
            ImportReport.notes(
                strays.map { "'\($0)' in the history folder is not a version roster made; it was ignored" }))
        if format == .json {
            return try ReportOutput.write(try Self.json(changes), about: "the history", to: output, context)
        }
        guard !changes.isEmpty else {
            return try ReportOutput.write(
                "No changes are kept for \(context.fileURL.path) yet.\n", about: "the history", to: output,
                context)
        }
        try ReportOutput.write(
            Self.table(changes, width: context.width), about: "the history", to: output, context)
    }

    /// The changes as a table that fits `width`: a change's description is cut with `…` before it
    /// is narrower than 12 columns, and below that the counts of students are left out, an undone
    /// change then starting `(undone)`.
    private static func table(_ changes: [RosterChange], width: Int) -> String {
        let counts = changes.map {
            "\($0.studentsBefore) -> \($0.studentsAfter)" + ($0.isUndone ? "  (undone)" : "")
        }
        let described = changes.map(ChangeText.described)
        let when = "YYYY-MM-DD HH:MM  ".count
        let countsColumn = [2 + max(8, counts.map(\.count).max() ?? 0)]
        let fit = TableFit(
            names: described.map { max(6, DisplayWidth.of($0)) }, wide: countsColumn, narrow: countsColumn,
            width: width - when, dropOrder: [0])
        let showsCounts = fit.shows[0]
        let column = showsCounts ? fit.nameWidth : max(6, width - when)
        var text =
            "WHEN              "
            + (showsCounts ? DisplayWidth.padded("CHANGE", to: column) + "  STUDENTS" : "CHANGE")
        text += "\n"
        for (change, (description, count)) in zip(changes, zip(described, counts)) {
            let (day, time) = ChangeText.localParts(change.date)
            text += "\(day) \(time)  "
            if showsCounts {
                text += DisplayWidth.padded(DisplayWidth.truncated(description, to: column), to: column)
                text += "  " + count + "\n"
            } else {
                text +=
                    DisplayWidth.truncated((change.isUndone ? "(undone) " : "") + description, to: column)
                    + "\n"
            }
        }
        return text
    }

    /// One change as `history --format json` prints it.
    private struct Row: Encodable {
        let date: String
        let command: String
        let summary: Nullable<String>
        let studentsBefore: Int
        let studentsAfter: Int
        let undone: Bool
    }

    /// The changes as a JSON array, written by `JSONEncoder`, so that every string is escaped.
    private static func json(_ changes: [RosterChange]) throws -> String {
        let rows = changes.map { change in
            Row(
                date: PlistDate.iso8601(fromSeconds: change.date.timeIntervalSinceReferenceDate),
                command: change.command, summary: Nullable(change.summary),
                studentsBefore: change.studentsBefore,
                studentsAfter: change.studentsAfter, undone: change.isUndone)
        }
        return try JSONReport.text(rows)
    }
}
