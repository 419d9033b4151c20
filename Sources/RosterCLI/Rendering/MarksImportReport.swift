import RosterKit

/// What `import --marks` prints: the assessments it made and the marks it changed, as text for
/// people (the first ``ImportReport/longestList`` marks, then how many more) or, with
/// `--report json`, every one for scripts.
struct MarksImportReport {
    let result: MarksImport
    /// The file as the teacher named it.
    let path: String
    let dryRun: Bool

    /// The new assessments, the first marks, how many more, and the count.
    var text: String {
        var text = ""
        for assessment in result.newAssessments {
            text += "New assessment \(MarkbookText.describe(assessment)).\n"
        }
        let longest = ImportReport.longestList
        for change in result.changes.prefix(longest) {
            text += MarkbookText.change(
                on: result.assessment(of: change), of: result.student(of: change).name, from: change.before,
                to: change.after)
        }
        if result.changes.count > longest {
            text += "… and \(result.changes.count - longest) more marks; --report json lists every one.\n"
        }
        let count = result.changes.count
        let marks = "\(count) mark\(count == 1 ? "" : "s")"
        text += dryRun ? "Would import \(marks); nothing was written (--dry-run).\n" : "Imported \(marks).\n"
        return text
    }

    /// Every new assessment and every mark, as one JSON object.
    var json: String {
        get throws {
            try JSONReport.text(
                Report(
                    file: path, dryRun: dryRun,
                    newAssessments: result.newAssessments.map {
                        NewAssessment(id: $0.id, name: $0.name, outOf: "\($0.outOf)")
                    },
                    changes: result.changes.map {
                        Changed(
                            id: result.student(of: $0).id.uuidString, student: result.student(of: $0).name,
                            assessment: result.assessment(of: $0).name,
                            old: Nullable($0.before?.text), new: $0.after.text)
                    }))
        }
    }

    private struct Report: Encodable {
        let file: String
        let dryRun: Bool
        let newAssessments: [NewAssessment]
        let changes: [Changed]
    }

    private struct NewAssessment: Encodable {
        let id: String
        let name: String
        let outOf: String
    }

    /// One mark: the student, the assessment, and the mark as typed before (`null` when blank)
    /// and now.
    private struct Changed: Encodable {
        let id: String
        let student: String
        let assessment: String
        let old: Nullable<String>
        let new: String
    }
}
