#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension OneRosterGradebook {
    /// The files of a OneRoster 1.2 gradebook of the class: `manifest.csv`, `categories.csv`,
    /// `lineItems.csv` and `results.csv`, by name, as CSV text.
    ///
    /// Every `sourcedId` is made from what does not change, so that a second export gives the
    /// same ones: a line item's is the class's and the assessment's id (`…-a3`), a result's its
    /// line item's and the student's, a category's the class's and its name. A student's
    /// `studentSourcedId` is their school id, or roster's id when they have none.
    ///
    /// - Parameters:
    ///   - students: The class's students, whose marks are written.
    ///   - markbook: The class's markbook.
    ///   - rosterName: The roster file's name without `.plist`, which names the class.
    ///   - modified: The time written as each record's `dateLastModified`, ISO 8601.
    package static func files(
        of students: [Student], markbook: Markbook, rosterName: String, modified: String
    ) -> [(name: String, text: String)] {
        let owner = classSourcedID(rosterName: rosterName)
        let categoryID = { (name: String) in
            NameBasedUUID.uuid(namespace: OneRosterImport.namespace, name: owner + "/category/" + name)
                .uuidString.lowercased()
        }
        let categories =
            [["sourcedId", "status", "dateLastModified", "title", "weight"]]
            + markbook.categories.map {
                [categoryID($0.name), "active", modified, $0.name, $0.weight?.decimalText(places: 6) ?? ""]
            }
        let lineItems =
            [
                [
                    "sourcedId", "status", "dateLastModified", "title", "description", "assignDate",
                    "dueDate",
                    "classSourcedId", "categorySourcedId", "gradingPeriodSourcedId",
                    "academicSessionSourcedId",
                    "resultValueMin", "resultValueMax",
                ]
            ]
            + markbook.assessments.map { assessment in
                [
                    lineItemID(classSourcedID: owner, assessment: assessment.id), "active", modified,
                    assessment.name, "", "",
                    assessment.date?.text ?? "",
                    owner, assessment.category.map(categoryID) ?? "", "", "", "0",
                    assessment.outOf.decimalText(places: 6),
                ]
            }
        var results = [
            [
                "sourcedId", "status", "dateLastModified", "lineItemSourcedId", "studentSourcedId",
                "classSourcedId",
                "scoreStatus", "score", "scoreDate", "comment", "missing",
            ]
        ]
        for student in students {
            let who = student.schoolID ?? student.id.uuidString
            let marks = student.marks
            for assessment in markbook.assessments {
                guard let mark = marks[assessment.id] else { continue }
                let item = lineItemID(classSourcedID: owner, assessment: assessment.id)
                let (status, score, missing) =
                    switch mark {
                    case .excused: ("exempt", "", "false")
                    case .missing: ("not submitted", "", "true")
                    default:
                        (
                            "fully graded",
                            mark.points(outOf: assessment.outOf)?.decimalText(places: 6) ?? "", "false"
                        )
                    }
                results.append([
                    item + "-" + who, "active", modified, item, who, owner, status, score, "", "", missing,
                ])
            }
        }
        return [
            ("manifest.csv", CSVRosterWriter.lines(manifest)),
            ("categories.csv", CSVRosterWriter.lines(categories)),
            ("lineItems.csv", CSVRosterWriter.lines(lineItems)),
            ("results.csv", CSVRosterWriter.lines(results)),
        ]
    }

    /// What the manifest says: version 1.2, the four files whole (`bulk`), every other absent.
    private static var manifest: [[String]] {
        let present: Set = ["categories", "lineItems", "results"]
        let files = [
            "academicSessions", "categories", "classes", "classResources", "courses", "courseResources",
            "demographics", "enrollments", "lineItemLearningObjectiveIds", "lineItems", "lineItemScoreScales",
            "orgs", "resources", "resultLearningObjectiveIds", "results", "resultScoreScales", "roles",
            "scoreScales", "userProfiles", "userResources", "users",
        ]
        return [["propertyName", "value"], ["manifest.version", "1.0"], ["oneroster.version", "1.2"]]
            + files.map { ["file.\($0)", present.contains($0) ? "bulk" : "absent"] }
            + [["source.systemName", "roster"], ["source.systemCode", "roster"]]
    }
}
