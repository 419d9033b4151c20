import RosterEngine
import RosterKit

/// The watch list as a table, CSV or JSON: each student with each reason.
enum WatchReport {
    /// One reason in words: `3 absences in a row since 2026-11-30`.
    static func words(_ reason: WatchList.Reason, settings: WatchSettings) -> String {
        switch reason {
        case .absencesInARow(let count, let since):
            "\(count) lesson\(count == 1 ? "" : "s") missed in a row since \(since)"
        case .lowRate(let percent, let lessons):
            "attendance \(StudentText.score(percent))% of \(lessons) lesson\(lessons == 1 ? "" : "s"), under \(settings.lowestRate)%"
        case .missingWork(let names):
            "\(names.count) piece\(names.count == 1 ? "" : "s") of work missing: \(NameList.joined(names.map { VisibleText.of($0) }))"
        case .lates(let count): "late \(count) time\(count == 1 ? "" : "s")"
        }
    }

    /// The kind of a reason, as CSV and JSON name it.
    static func kind(_ reason: WatchList.Reason) -> String {
        switch reason {
        case .absencesInARow: "absences-in-a-row"
        case .lowRate: "attendance"
        case .missingWork: "missing-work"
        case .lates: "lates"
        }
    }

    /// One student as `--format json` writes them.
    private struct Row: Encodable {
        let id: String
        let name: String
        let reasons: [Item]
    }

    /// One reason as `--format json` writes it.
    private struct Item: Encodable {
        let kind: String
        let text: String
    }

    /// The list in `format`.
    static func text(_ entries: [WatchList.Entry], settings: WatchSettings, format: OutputFormat) throws
        -> String
    {
        switch format {
        case .json:
            return try JSONReport.text(
                entries.map { entry in
                    Row(
                        id: entry.student.id.uuidString, name: entry.student.name,
                        reasons: entry.reasons.map {
                            Item(kind: kind($0), text: words($0, settings: settings))
                        })
                })
        case .csv:
            let rows = entries.flatMap { entry in
                entry.reasons.map { reason in
                    [
                        entry.student.id.uuidString, VisibleText.of(entry.student.name), kind(reason),
                        words(reason, settings: settings),
                    ]
                }
            }
            return CSVRosterWriter.lines([["id", "name", "reason", "detail"]] + rows)
        default:
            guard !entries.isEmpty else { return "Nobody is on the watch list.\n" }
            return entries.map { entry in
                VisibleText.of(entry.student.name) + ": "
                    + entry.reasons.map { words($0, settings: settings) }.joined(separator: "; ") + "\n"
            }.joined()
        }
    }

    /// The note a day's register ends with when students on it, `entries`, are on the watch
    /// list, or `nil` when none is.
    static func registerNote(_ entries: [WatchList.Entry]) -> String? {
        guard !entries.isEmpty else { return nil }
        return "Note: on the watch list ('roster watch' says why): "
            + NameList.joined(entries.map { VisibleText.of($0.student.name) }) + ".\n"
    }
}
