import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The marks of a OneRoster 1.2 gradebook folder (`lineItems.csv` and `results.csv`, as a school
/// system or roster's `grades --format oneroster` writes them), read as a ``MarksTable`` that
/// `import --marks` brings into the class.
///
/// - Each line item is an assessment: its `title`, its `resultValueMax` as the maximum. A line
///   item roster wrote for this class (its `sourcedId` is the class's, then `-` and the
///   assessment's id) is that assessment, whatever it is called now.
/// - Each result is a mark: `scoreStatus` `exempt` is excused, `not submitted` (or `missing`
///   `true`) is missing, and otherwise the `score` is the points; a result without a score
///   keeps the mark there.
/// - A result's `studentSourcedId` finds the student by the id a OneRoster import gave them, by
///   roster's id, or by the school's id.
package enum OneRosterGradebook {
    /// The id a OneRoster file gives the class of `rosterName` (a roster file's name without
    /// `.plist`): the same for every export, so that a school system can match it.
    package static func classSourcedID(rosterName: String) -> String {
        NameBasedUUID.uuid(namespace: OneRosterImport.namespace, name: "class/" + rosterName).uuidString
            .lowercased()
    }

    /// The `sourcedId` of the line item roster writes for the assessment `id` of the class
    /// `classSourcedID`: the class's id, `-` and the assessment's, so that it is the same at
    /// every export and a later import finds the assessment whatever it is called then.
    static func lineItemID(classSourcedID: String, assessment id: String) -> String {
        classSourcedID + "-" + id
    }

    /// The id of the assessment of the class `classSourcedID` that line item `sourcedID` is, when
    /// roster wrote it (see ``lineItemID(classSourcedID:assessment:)``); `nil` for any other.
    static func assessmentID(ofLineItem sourcedID: String, classSourcedID: String) -> String? {
        let prefix = lineItemID(classSourcedID: classSourcedID, assessment: "")
        return sourcedID.hasPrefix(prefix) ? String(sourcedID.dropFirst(prefix.count)) : nil
    }

    /// Reads the marks of the gradebook in `folder`.
    ///
    /// - Parameters:
    ///   - folder: The export folder.
    ///   - classSourcedID: This class's id (``classSourcedID(rosterName:)``), to know the line
    ///     items roster wrote for it.
    ///   - chosen: The `classSourcedId` of the one class of a school's folder to read, when the
    ///     folder holds several.
    ///   - markbook: The class's markbook, whose assessments those line items are.
    /// - Throws: ``ImportError`` naming the file and line of a problem; ``OneRosterClassesError``
    ///   when the line items are of several classes, none of them this one or the chosen one.
    package static func marks(
        in folder: URL, classSourcedID: String, chosen: String? = nil, markbook: Markbook
    ) throws -> MarksTable {
        guard let lineItems = try OneRosterTable("lineItems.csv", in: folder),
            let results = try OneRosterTable("results.csv", in: folder)
        else {
            throw ImportError(problems: [
                ImportProblem(message: "the folder has no lineItems.csv and results.csv: it is no gradebook")
            ])
        }
        let items = try Self.items(
            lineItems, classSourcedID: chosen ?? classSourcedID, isChosen: chosen != nil)
        var columns: [MarksTable.Column] = []
        var position: [String: Int] = [:]
        for item in items {
            let own = assessmentID(ofLineItem: item.sourcedID, classSourcedID: classSourcedID)
                .flatMap(markbook.assessment(id:))
            position[item.sourcedID] = columns.count
            columns.append(MarksTable.Column(name: own?.name ?? item.title, outOf: item.outOf, canvasID: nil))
        }
        let rows = try Self.rows(results, columns: position, count: columns.count)
        return MarksTable(columns: columns, rows: rows, notes: [], allowsExtraCredit: false)
    }

    /// One line item: an assessment of the gradebook.
    private struct Item {
        let sourcedID: String
        let title: String
        let outOf: Fraction?
    }

    /// The line items of the class `classSourcedID`, or of the folder's one class.
    private static func items(_ table: OneRosterTable, classSourcedID: String, isChosen: Bool) throws
        -> [Item]
    {
        let (id, title, maximum, owner) = (
            table.column("sourcedId"), table.column("title"), table.column("resultValueMax"),
            table.column("classSourcedId")
        )
        let classes = Set(table.records.map { table.value($0, owner) })
        let records = table.records.filter {
            classes.count == 1 && !isChosen || table.value($0, owner) == classSourcedID
        }
        guard !records.isEmpty || table.records.isEmpty else {
            throw OneRosterClassesError(classes: classes.sorted())
        }
        var items: [Item] = []
        for record in records {
            let text = table.value(record, maximum)
            let outOf = text.isEmpty ? nil : Fraction(decimal: text)
            guard text.isEmpty || (outOf.map { $0 > .zero } ?? false), !table.value(record, id).isEmpty else {
                throw ImportError(problems: [
                    ImportProblem(
                        file: table.file, line: record.line,
                        message:
                            "a line item needs a sourcedId and a resultValueMax above 0, not '\(text.prefix(20))'"
                    )
                ])
            }
            items.append(
                Item(sourcedID: table.value(record, id), title: table.value(record, title), outOf: outOf))
        }
        return items
    }

    /// Each student's marks, a row a student in the order the results first name them.
    private static func rows(_ table: OneRosterTable, columns: [String: Int], count: Int) throws(ImportError)
        -> [MarksTable.Row]
    {
        let (item, student, status, score, missing) = (
            table.column("lineItemSourcedId"), table.column("studentSourcedId"), table.column("scoreStatus"),
            table.column("score"), table.column("missing")
        )
        var rows: [(line: Int, student: String, cells: [String])] = []
        var rowOf: [String: Int] = [:]
        for record in table.records {
            // A result of another class's line item is that class's.
            guard let column = columns[table.value(record, item)] else { continue }
            let who = table.value(record, student)
            guard !who.isEmpty else {
                throw ImportError(problems: [
                    ImportProblem(
                        file: table.file, line: record.line, message: "a result needs a studentSourcedId")
                ])
            }
            let row = rowOf[who] ?? rows.count
            if row == rows.count {
                rowOf[who] = row
                rows.append((record.line, who, [String](repeating: "", count: count)))
            }
            let mark =
                if table.value(record, status, is: "exempt") {
                    "EX"
                } else if table.value(record, status, is: "not submitted")
                    || table.value(record, missing, is: "true")
                {
                    "MI"
                } else { table.value(record, score) }
            // A result without a score, such as one still to mark, keeps what an earlier one gave.
            if !mark.isEmpty { rows[row].cells[column] = mark }
        }
        return rows.map { row in
            MarksTable.Row(
                line: row.line, id: OneRosterImport.id(for: row.student), schoolID: row.student, name: nil,
                cells: row.cells)
        }
    }
}
