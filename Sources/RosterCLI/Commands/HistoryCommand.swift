import RosterEngine
import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `roster history [--format table|json]`
struct HistoryCommand: Subcommand {
    static let name = "history"
    static let abstract = "List the changes that undo and redo can reach, newest first."
    static let discussion: String? =
        "Up to 100 changes are kept, in a private folder beside the roster. Undone changes are "
        + "marked; 'roster redo' makes them again, until the next change."
    static let fields: [CommandField<Self>] = [
        .format(\.format, [.table, .json], help: "How to print the changes.")
    ]

    var format: OutputFormat?

    func run(in context: CommandContext) throws {
        let changes = try StorageHandler.history(at: context.fileURL)
        let strays = try StorageHandler.strayHistoryFiles(at: context.fileURL)
        context.errorOutput.write(
            ImportReport.notes(
                strays.map { "'\($0)' in the history folder is not a version roster made; it was ignored" }))
        if format == .json {
            context.output.write(try Self.json(changes))
            return
        }
        guard !changes.isEmpty else {
            context.output.write("No changes are kept for \(context.fileURL.path) yet.\n")
            return
        }
        let width = max(7, changes.map { DisplayWidth.of(ChangeText.described($0)) }.max() ?? 0)
        var text = "WHEN              " + "CHANGE".padded(to: width + 2)
        text += "STUDENTS\n"
        for change in changes {
            let (day, time) = ChangeText.localParts(change.date)
            text +=
                "\(day) \(time)  " + DisplayWidth.padded(ChangeText.described(change), to: width + 2)
            text += "\(change.studentsBefore) -> \(change.studentsAfter)"
            text += change.isUndone ? "  (undone)\n" : "\n"
        }
        context.output.write(text)
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
