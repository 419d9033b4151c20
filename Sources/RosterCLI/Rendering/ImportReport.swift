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

    /// The headline with the counts, then the students added, leaving and changed, one per line.
    var text: String {
        let total = changes.added.count + changes.updated.count + changes.unchangedCount
        var counts = ["\(changes.added.count) added"]
        if replace { counts.append("\(changes.leaving.count) leaving") }
        counts += ["\(changes.updated.count) changed", "\(changes.unchangedCount) unchanged"]
        let what = replace ? "replace the roster with" : "import"
        let done = replace ? "Replaced the roster with" : "Imported"
        var text =
            (dryRun ? "Would \(what)" : done) + " \(StudentText.count(total)) from \(VisibleText.of(path)): "
            + counts.joined(separator: ", ") + (dryRun ? "; nothing was written (dry run).\n" : ".\n")
        section("Added", changes.added, Self.line, to: &text)
        section("Leaving", changes.leaving, Self.line, to: &text)
        section("Changed", changes.updated, Self.line, to: &text)
        if dryRun {
            section(
                "Probable duplicates (refused without --allow-duplicates)", changes.probableDuplicates,
                { Self.line(Self.problem($0), path: path) }, to: &text)
        }
        return text
    }

    /// The same report as one JSON object, written by `JSONEncoder`.
    var json: String {
        get throws {
            let duplicates = changes.probableDuplicates.map { duplicate in
                Duplicate(
                    line: Nullable(duplicate.source.line ?? duplicate.source.record),
                    student: duplicate.student,
                    matches: duplicate.match,
                    matchesLine: Nullable(duplicate.matchSource.flatMap { $0.line ?? $0.record }))
            }
            return try JSONReport.text(
                Report(
                    file: path, dryRun: dryRun, replace: replace, added: changes.added,
                    leaving: changes.leaving,
                    changed: changes.updated.map(Changed.init), unchanged: changes.unchangedCount,
                    probableDuplicates: duplicates))
        }
    }

    /// The change list as `--report json` writes it.
    private struct Report: Encodable {
        let file: String
        let dryRun: Bool
        let replace: Bool
        let added: [Student]
        let leaving: [Student]
        let changed: [Changed]
        let unchanged: Int
        let probableDuplicates: [Duplicate]
    }

    /// A row that looks like a student already there.
    private struct Duplicate: Encodable {
        let line: Nullable<Int>
        let student: Student
        let matches: Student
        let matchesLine: Nullable<Int>
    }

    /// `{"id":…,"name":…,"changes":{"score":{"old":7.5,"new":8}}}`, values typed, `null` for none.
    private struct Changed: Encodable {
        let id: String
        let name: String
        let changes: [String: Change]

        init(_ edit: StudentEdit) {
            let (before, after) = (edit.before, edit.after)
            var changes: [String: Change] = [:]
            if before.name != after.name {
                changes[StudentField.name.key] = Change(old: .text(before.name), new: .text(after.name))
            }
            if before.age != after.age {
                changes[StudentField.age.key] = Change(old: .whole(before.age), new: .whole(after.age))
            }
            if before.grade != after.grade {
                changes[StudentField.grade.key] = Change(old: .whole(before.grade), new: .whole(after.grade))
            }
            if before.score != after.score {
                changes[StudentField.score.key] = Change(
                    old: .decimal(before.score), new: .decimal(after.score))
            }
            (id, name, self.changes) = (after.id.uuidString, after.name, changes)
        }
    }

    /// One field's value before and after.
    private struct Change: Encodable {
        let old: Value
        let new: Value
    }

    /// A field's value as its type writes it, `null` when there is none.
    private enum Value: Encodable {
        case text(String)
        case whole(Int?)
        case decimal(Double?)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text): try Nullable(text).encode(to: encoder)
            case .whole(let number): try Nullable(number).encode(to: encoder)
            case .decimal(let number): try Nullable(number).encode(to: encoder)
            }
        }
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
        let place = problem.location.map { "\($0):" } ?? ""
        return "\(VisibleText.of(file(of: problem, path: path))):\(place) \(VisibleText.of(problem.message))"
    }

    /// The most notes one command prints; a file of a million odd rows would otherwise print a
    /// hundred megabytes.
    static let mostNotes = 20

    /// The file a problem is in: `path`, or the file of the import folder `path` names.
    private static func file(of problem: ImportProblem, path: String) -> String {
        problem.file.map { (path.hasSuffix("/") ? path : path + "/") + $0 } ?? path
    }

    /// Each problem on a line of its own, as ``line(_:path:)`` writes it, up to ``longestList``,
    /// then how many more there are.
    ///
    /// Problems of the same words on consecutive lines of one file are one line, with the lines'
    /// range: `class.csv:2-29: … (28 rows)`.
    static func lines(_ problems: [ImportProblem], path: String) -> String {
        var groups: [[ImportProblem]] = []
        for problem in problems {
            if let last = groups.last?.last, let line = problem.line, last.line == line - 1,
                last.file == problem.file,
                last.message == problem.message
            {
                groups[groups.count - 1].append(problem)
            } else {
                groups.append([problem])
            }
        }
        var text = groups.prefix(longestList).map { group in
            guard group.count > 1, let first = group.first?.line, let last = group.last?.line else {
                return line(group[0], path: path) + "\n"
            }
            return "\(VisibleText.of(file(of: group[0], path: path))):\(first)-\(last): "
                + "\(VisibleText.of(group[0].message)) (\(group.count) rows)\n"
        }.joined()
        let shown = groups.prefix(longestList).reduce(0) { $0 + $1.count }
        if problems.count > shown {
            text += "… and \(problems.count - shown) more problems; --report json lists every one.\n"
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
                file: file(of: problem, path: path),
                line: problem.line, record: problem.record, message: problem.message)
        }
        return try JSONReport.text(Report(problems: rows))
    }

    /// The most students, marks or problems a confirmation lists; a school's whole export would
    /// fill screens for nothing, and `--report json` lists every one.
    static let longestList = 50

    /// `Added:` and a line for each item, up to ``longestList``, then how many more there are.
    private func section<Item>(
        _ title: String, _ items: [Item], _ line: (Item) -> String, to text: inout String
    ) {
        guard !items.isEmpty else { return }
        text += "\(title):\n"
        for item in items.prefix(Self.longestList) { text += "  \(line(item))\n" }
        if items.count > Self.longestList {
            text += "  … and \(items.count - Self.longestList) more; --report json lists every one.\n"
        }
    }

    private static func line(_ student: Student) -> String {
        "\(VisibleText.of(student.name)), age \(VisibleText.of(student.ageText))"
    }

    private static func line(_ edit: StudentEdit) -> String {
        let changes = edit.changes.map {
            "\($0.field) \(VisibleText.of($0.old)) -> \(VisibleText.of($0.new))"
        }
        return "\(VisibleText.of(edit.before.name)): \(changes.joined(separator: ", "))"
    }

}
