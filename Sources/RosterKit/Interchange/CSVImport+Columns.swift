import RosterEngine

/// The header's columns: which of them hold the fields roster keeps, by the names colleagues'
/// spreadsheets and school systems give them.
extension CSVImport {
    /// The column of each known field, and a note for each column that is ignored.
    static func map(_ header: CSVRecord) throws(ImportError) -> (
        [String: Int], [String]
    ) {
        var columns: [String: Int] = [:]
        var notes: [String] = []
        for (index, field) in header.fields.enumerated() {
            // No column roster knows has a long name, so a long one is not looked at closely.
            guard field.utf8.count <= 64 else {
                notes.append(
                    "ignoring the column '\(VisibleText.quoted(field[...]))', which roster does not keep")
                continue
            }
            var name = ByteCursor.unguarded(csvField: field).trimmingSpaces().lowercased().replacing(
                "_", with: " ")
            name = otherHeaders[name] ?? name
            if fields.contains(name) {
                guard columns[name] == nil else {
                    throw ImportError(problems: [
                        ImportProblem(
                            line: header.line, message: "The column '\(name)' appears twice in the header.")
                    ])
                }
                columns[name] = index
            } else {
                notes.append(
                    "ignoring the column '\(VisibleText.quoted(field[...]))', which roster does not keep")
            }
        }
        let hasName = columns["name"] != nil || (columns["first name"] != nil && columns["last name"] != nil)
        // A name and an age are needed only by a row that adds a student: a list of scores by
        // school id updates students alone.
        guard hasName || columns["id"] != nil || columns["school id"] != nil else {
            throw noNameColumn(header)
        }
        return (columns, notes)
    }

    /// The refusal of a header without a name column, naming the columns it has.
    private static func noNameColumn(_ header: CSVRecord) -> ImportError {
        let found = header.fields.prefix(8).map {
            "'\(VisibleText.quoted(ByteCursor.unguarded(csvField: $0)[...], limit: 30))'"
        }
        let shown = found.joined(separator: ", ") + (header.fields.count > 8 ? " and more" : "")
        return ImportError(problems: [
            ImportProblem(
                line: header.line,
                message:
                    "The header has no 'name' column (it has \(shown.isEmpty ? "none" : shown)); "
                    + "it needs name (or first name and last name), or an id or school id column to find "
                    + "the students it updates, and may have age, grade, score and note."
            )
        ])
    }

    /// The fields a CSV file may have, in the order the rows are read in: the tutorial's, the
    /// score and the birth date, then each ``StudentDetail`` by its ``StudentDetail/field``.
    static let fields =
        StudentField.allCases.map(\.field) + ["date of birth"] + StudentDetail.allCases.map(\.field)

    /// Where the details start in ``fields``.
    static let detailFields = 6

    /// The headers of each field beside its own name, any case, with spaces for underscores, as
    /// colleagues' spreadsheets and school systems name them (English, German and French).
    static let otherHeaders: [String: String] = {
        var headers = [
            "birth date": "date of birth", "birthdate": "date of birth", "dob": "date of birth",
            "dateofbirth": "date of birth",
        ]
        for field in StudentField.allCases {
            for header in field.otherHeaders { headers[header] = field.field }
        }
        for detail in StudentDetail.allCases {
            for header in detail.facts.otherHeaders { headers[header] = detail.field }
        }
        return headers
    }()

}
