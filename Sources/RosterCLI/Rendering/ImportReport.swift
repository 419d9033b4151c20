import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `import` prints: the change list, as text for people or as JSON for scripts.
struct ImportReport {
    let changes: ImportChanges
    /// The file as the teacher named it.
    let path: String
    let replace: Bool
    let dryRun: Bool

    /// The headline with the counts, then the students added, removed and changed, one per line.
    var text: String {
        let total = changes.added.count + changes.updated.count + changes.unchangedCount
        var counts = ["\(changes.added.count) added"]
        if replace { counts.append("\(changes.removed.count) removed") }
        counts += ["\(changes.updated.count) changed", "\(changes.unchangedCount) unchanged"]
        let what = replace ? "replace the roster with" : "import"
        let done = replace ? "Replaced the roster with" : "Imported"
        var text =
            (dryRun ? "Would \(what)" : done) + " \(StudentText.count(total)) from \(VisibleText.of(path)): "
            + counts.joined(separator: ", ") + (dryRun ? "; nothing was written (dry run).\n" : ".\n")
        section("Added", changes.added, Self.line, to: &text)
        section("Removed", changes.removed, Self.line, to: &text)
        section("Changed", changes.updated, Self.line, to: &text)
        if dryRun {
            section(
                "Probable duplicates (refused without --allow-duplicates)", changes.probableDuplicates,
                { Self.line(Self.problem($0), path: path) }, to: &text)
        }
        return text
    }

    /// The same report as one JSON object.
    var json: String {
        let duplicates = changes.probableDuplicates.map { duplicate in
            "{\"line\":\(JSONText.number(duplicate.source.line ?? duplicate.source.record)),"
                + "\"student\":\(JSONRosterWriter.object(duplicate.student)),"
                + "\"matches\":\(JSONRosterWriter.object(duplicate.match)),"
                + "\"matchesLine\":\(JSONText.number(duplicate.matchSource.flatMap { $0.line ?? $0.record }))}"
        }
        let fields = [
            "\"file\":\(JSONText.string(path))", "\"dryRun\":\(dryRun)", "\"replace\":\(replace)",
            "\"added\":\(JSONText.array(changes.added.map(JSONRosterWriter.object)))",
            "\"removed\":\(JSONText.array(changes.removed.map(JSONRosterWriter.object)))",
            "\"changed\":\(JSONText.array(changes.updated.map(Self.json)))",
            "\"unchanged\":\(changes.unchangedCount)",
            "\"probableDuplicates\":\(JSONText.array(duplicates))",
        ]
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    /// `Zoe Martin, age 12, looks like Zoë Martin (age 12, id 1A2B3C4D) on the roster.` at the
    /// row's place in the file.
    static func problem(_ duplicate: ProbableDuplicate) -> ImportProblem {
        // A row's match has no id worth showing yet: it is named by its place in the file.
        let match =
            duplicate.matchSource.map { "\($0.place) (\(line(duplicate.match)))" }
            ?? "\(StudentText.summary(duplicate.match)) on the roster"
        return duplicate.source.problem("\(line(duplicate.student)), looks like \(match).")
    }

    /// A problem as `path:line: message`, or `path/users.csv:line: message` in an import folder.
    static func line(_ problem: ImportProblem, path: String) -> String {
        let file = problem.file.map { (path.hasSuffix("/") ? path : path + "/") + $0 } ?? path
        let place = problem.location.map { "\($0):" } ?? ""
        return "\(VisibleText.of(file)):\(place) \(VisibleText.of(problem.message))"
    }

    /// The most problem lines and notes one command prints; a file of a million bad rows would
    /// otherwise print a hundred megabytes.
    static let mostProblems = 50
    static let mostNotes = 20

    /// Each problem on a line of its own, as ``line(_:path:)`` writes it, up to ``mostProblems``,
    /// then how many more there are.
    static func lines(_ problems: [ImportProblem], path: String) -> String {
        var text = problems.prefix(mostProblems).map { line($0, path: path) + "\n" }.joined()
        if problems.count > mostProblems {
            text += "… and \(problems.count - mostProblems) more problems; --report json lists every one.\n"
        }
        return text
    }

    /// Each note as a `Note:` line, up to ``mostNotes``, then how many more there are.
    static func notes(_ notes: [String]) -> String {
        var text = notes.prefix(mostNotes).map { "Note: \(VisibleText.of($0)).\n" }.joined()
        if notes.count > mostNotes { text += "Note: … and \(notes.count - mostNotes) more notes.\n" }
        return text
    }

    /// Every problem, as one JSON object for scripts: `{"problems": [{"file", "line", "record", "message"}]}`.
    static func json(_ problems: [ImportProblem], path: String) throws -> String {
        struct Problem: Encodable {
            let file: String
            let line: Int?
            let record: Int?
            let message: String
        }
        struct Report: Encodable { let problems: [Problem] }
        let rows = problems.map { problem in
            Problem(
                file: problem.file.map { (path.hasSuffix("/") ? path : path + "/") + $0 } ?? path,
                line: problem.line, record: problem.record, message: problem.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Report(problems: rows)), as: UTF8.self) + "\n"
    }

    /// The most students a section lists; a school's whole export would fill screens for nothing.
    static let longestSection = 100

    /// `Added:` and a line for each item, up to ``longestSection``, then how many more there are.
    private func section<Item>(
        _ title: String, _ items: [Item], _ line: (Item) -> String, to text: inout String
    ) {
        guard !items.isEmpty else { return }
        text += "\(title):\n"
        for item in items.prefix(Self.longestSection) { text += "  \(line(item))\n" }
        if items.count > Self.longestSection {
            text += "  … and \(items.count - Self.longestSection) more; --report json lists every one.\n"
        }
    }

    private static func line(_ student: Student) -> String {
        "\(VisibleText.of(student.name)), age \(student.age)"
    }

    private static func line(_ edit: StudentEdit) -> String {
        let changes = edit.changes.map {
            "\($0.field) \(VisibleText.of($0.old)) -> \(VisibleText.of($0.new))"
        }
        return "\(VisibleText.of(edit.before.name)): \(changes.joined(separator: ", "))"
    }

    /// `{"id":…,"name":…,"changes":{"score":{"old":7.5,"new":8}}}`, values typed, `null` for none.
    private static func json(_ edit: StudentEdit) -> String {
        let (before, after) = (edit.before, edit.after)
        let values: [(String, String, String)] = [
            ("name", JSONText.string(before.name), JSONText.string(after.name)),
            ("age", String(before.age), String(after.age)),
            ("grade", JSONText.number(before.grade), JSONText.number(after.grade)),
            ("score", JSONText.score(before.score), JSONText.score(after.score)),
        ]
        let changes = values.filter { $0.1 != $0.2 }.map { "\"\($0.0)\":{\"old\":\($0.1),\"new\":\($0.2)}" }
        return "{\"id\":\"\(after.id)\",\"name\":\(JSONText.string(after.name)),"
            + "\"changes\":{\(changes.joined(separator: ","))}}"
    }
}
