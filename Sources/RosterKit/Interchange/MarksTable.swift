import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The marks a spreadsheet holds, as `roster import --marks` reads them: roster's own
/// `grades --format csv`, Canvas's gradebook export, or a plain table of names (or ids) and one
/// column per assessment.
///
/// - A student is named by an `ID` or `id` column (roster's ids; Canvas's own numbers are left
///   aside), a `SIS User ID` or `school id` column (the school's id), and a `Student` or `name`
///   column; Canvas writes `Student` as "Last, First", which is read as "First Last".
/// - Every other column is an assessment: `Quiz 1 (12345)`, as Canvas names it, is *Quiz 1*.
///   Columns of results that a gradebook works out (`Current Score`, `Final Grade`, roster's
///   `Result (%)`, `Letter` and each category's `(%)`), and `SIS Login ID` and `Section`, are
///   left out, with a note.
/// - A row whose first cell is `Points Possible` gives each assessment's maximum.
public struct MarksTable: Sendable, Equatable {
    /// One assessment column.
    public struct Column: Sendable, Equatable {
        /// The assessment's name, without Canvas's number.
        public let name: String
        /// The maximum the `Points Possible` row gives, or `nil`.
        public let outOf: Fraction?
    }

    /// One student's row.
    public struct Row: Sendable, Equatable {
        /// The line it is on, counting the header as line 1.
        public let line: Int
        /// The roster's id, when the row gives one.
        public let id: UUID?
        /// The school's id, when the row gives one.
        public let schoolID: String?
        /// The name, first name first, when the row gives one.
        public let name: String?
        /// Each assessment column's cell, as typed; empty for a blank cell.
        public let cells: [String]
    }

    /// The assessment columns, in file order.
    public let columns: [Column]
    /// The student rows, in file order.
    public let rows: [Row]
    /// What was left out, in words.
    public let notes: [String]

    /// The most students a marks file may have: the header and the `Points Possible` row are
    /// not counted.
    public static let maximumRows = 1_000_000

    /// Reads a marks spreadsheet.
    ///
    /// Each record becomes a row as it is read, so the file's text is held once, not twice.
    ///
    /// - Throws: ``ImportProblem`` for text that is not CSV, a file without a column naming the
    ///   students, or more than ``maximumRows`` students.
    public init(csv data: Data) throws(ImportProblem) {
        try self.init(csv: data, mostStudents: Self.maximumRows)
    }

    /// Reads a marks spreadsheet of at most `mostStudents` students.
    init(csv data: Data, mostStudents: Int) throws(ImportProblem) {
        var reader = CSVReader(CSVText(data))
        let header = try reader.nextRecord()?.fields.map { ByteCursor.unguarded(csvField: $0) } ?? []
        let layout = Layout(header)
        guard layout.id != nil || layout.schoolID != nil || layout.name != nil else {
            throw ImportProblem(
                line: 1,
                message: "no column names the students: give a Student, name, ID or SIS User ID column")
        }
        var maximums: [String]?
        var rows: [Row] = []
        while let record = try reader.nextRecord() {
            let cell = { (column: Int?) -> String? in
                guard let column, column < record.fields.count else { return nil }
                let text = String(ByteCursor.unguarded(csvField: record.fields[column]).trimmingWhitespace())
                return text.isEmpty ? nil : text
            }
            if record.fields.first.map({ $0.trimmingWhitespace() == "Points Possible" }) == true {
                maximums = layout.assessments.map { cell($0.column) ?? "" }
                continue
            }
            guard rows.count < mostStudents else {
                throw ImportProblem(message: "the file has more than \(mostStudents) students")
            }
            rows.append(
                Row(
                    line: record.line, id: cell(layout.id).flatMap { UUID(uuidString: $0) },
                    schoolID: cell(layout.schoolID), name: cell(layout.name).map(Self.firstNameFirst),
                    cells: layout.assessments.map { cell($0.column) ?? "" }))
        }
        let columns = try Self.columns(layout, maximums: maximums)
        (self.columns, self.rows, notes) = (columns, rows, layout.notes)
    }

    /// The assessment columns `layout` found, with the maximums of the `Points Possible` row.
    private static func columns(_ layout: Layout, maximums: [String]?) throws(ImportProblem) -> [Column] {
        var columns: [Column] = []
        for (index, assessment) in layout.assessments.enumerated() {
            guard let name = try? StudentValidator.name(assessment.name) else {
                throw ImportProblem(
                    line: 1,
                    message: "column \(assessment.column + 1) is named "
                        + "'\(VisibleText.quoted(assessment.name[...], limit: 40))', which is not a name an "
                        + "assessment can have (one line of visible text)")
            }
            let text = maximums?[index] ?? ""
            var outOf: Fraction?
            if !text.isEmpty {
                guard let value = Fraction(decimal: text), value > .zero else {
                    throw ImportProblem(
                        message:
                            "the Points Possible of '\(assessment.name)' is '\(text.prefix(20))', not a maximum above 0"
                    )
                }
                outOf = value
            }
            columns.append(Column(name: name, outOf: outOf))
        }
        return columns
    }

    /// "Lovelace, Ada", as Canvas writes a student, is Ada Lovelace, by the import's rule for a
    /// name written surname first (`SurnameFirstNames`).
    private static func firstNameFirst(_ name: String) -> String {
        SurnameFirstNames.parts(of: name).map { $0.first + " " + $0.last } ?? name
    }
}

/// Which column of a marks file holds what.
private struct Layout {
    var id: Int?
    var schoolID: Int?
    var name: Int?
    var assessments: [(name: String, column: Int)] = []
    var notes: [String] = []

    /// Columns whose values a gradebook works out, left out of an import.
    static let worked = [
        "current score", "final score", "current grade", "final grade", "current points", "final points",
        "unposted current score", "unposted final score", "unposted current grade", "unposted final grade",
        "result (%)", "letter",
    ]

    init(_ header: [String]) {
        var ignored: [String] = []
        for (column, title) in header.enumerated() {
            let text = String(title.trimmingWhitespace())
            let key = text.lowercased()
            switch key {
            case "id", "student id", "roster id": id = id ?? column
            case "sis user id", "school id", "schoolid": schoolID = schoolID ?? column
            case "student", "name", "student name": name = name ?? column
            case "sis login id", "section", "integration id", "":
                if !key.isEmpty { ignored.append(text) }
            default:
                if Self.worked.contains(where: { key.hasSuffix($0) }) || key.hasSuffix("(%)") {
                    ignored.append(text)
                } else {
                    assessments.append((Self.assessmentName(text), column))
                }
            }
        }
        if !ignored.isEmpty {
            notes.append("left out the columns \(ignored.joined(separator: ", ")): only marks are imported")
        }
    }

    /// `Quiz 1 (12345)`, as Canvas names an assignment, is *Quiz 1*.
    static func assessmentName(_ title: String) -> String {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return title }
        let number = title[title.index(after: open)..<title.index(before: title.endIndex)]
        guard !number.isEmpty, number.allSatisfy(\.isNumber) else { return title }
        return String(title[..<open].trimmingWhitespace())
    }
}
