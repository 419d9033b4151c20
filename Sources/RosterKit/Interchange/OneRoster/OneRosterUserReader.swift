import RosterEngine

/// Turns rows of a OneRoster `users.csv` into students, collecting every problem on the way.
struct OneRosterUserReader {
    let users: OneRosterTable
    let options: OneRosterImport.Options
    /// The users' birth dates.
    let births: OneRosterBirthDates
    let sourcedID: Int?
    private let givenName: Int?
    private let preferredGivenName: Int?
    private let familyName: Int?
    private let grades: Int?
    private let identifier: Int?
    /// The students read so far, with their lines.
    private(set) var result = RosterImporter.Result()
    /// Rows that are wrong.
    private(set) var problems: [ImportProblem] = []
    /// Students without a birth date, when no default age was given.
    private(set) var withoutAge: [ImportProblem] = []

    /// A reader for `users`' rows.
    ///
    /// - Throws: ``ImportError`` at the header when it lacks a column every student needs.
    init(users: OneRosterTable, options: OneRosterImport.Options, births: OneRosterBirthDates)
        throws(ImportError)
    {
        (self.users, self.options, self.births) = (users, options, births)
        sourcedID = users.column("sourcedId")
        givenName = users.column("givenName")
        preferredGivenName = users.column("preferredGivenName")
        familyName = users.column("familyName")
        grades = users.column("grades")
        identifier = users.column("identifier")
        guard sourcedID != nil, givenName != nil, familyName != nil else {
            throw ImportError(problems: [
                ImportProblem(
                    file: users.file, line: 1,
                    message: "The header needs the columns sourcedId, givenName and familyName.")
            ])
        }
    }

    /// Notes for optional columns the file lacks, perhaps misspelt.
    var missingColumnNotes: [String] {
        var notes: [String] = []
        if grades == nil { notes.append("users.csv has no grades column, so no student gets a grade") }
        if preferredGivenName == nil, users.column("preferredFirstName") != nil {
            notes.append("users.csv has no preferredGivenName column (preferredFirstName is not read)")
        }
        return notes
    }

    /// Reads the student on row `row` of `users.csv`, or notes its problem.
    mutating func read(row: Int, sourcedID id: String) {
        let record = users.records[row]
        let preferred = users.value(record, preferredGivenName)
        let given = preferred.isEmpty ? users.value(record, givenName) : preferred
        let family = users.value(record, familyName)
        let fullName = given.isEmpty || family.isEmpty ? given + family : given + " " + family
        let name: String
        do {
            name = try StudentValidator.name(fullName)
        } catch {
            problems.append(ImportProblem(file: users.file, line: record.line, message: "\(error)"))
            return
        }
        guard let years = age(onRow: row, sourcedID: id, of: name, line: record.line) else { return }
        var student = Student(
            id: OneRosterImport.id(for: id), name: name, age: years,
            grade: OneRosterImport.grade(users.value(record, grades)))
        // The school's id as people use it (`identifier`, such as S201), else the system's
        // `sourcedId`; the student's id, made from the `sourcedId`, matches the next export.
        let humanID = users.value(record, identifier)
        student.schoolID = try? StudentValidator.detail(.schoolID, humanID.isEmpty ? id : humanID)
        // The name's parts as the school's system keeps them.
        let (first, last) = (
            String(given.trimmingSpaces()), String(family.trimmingSpaces())
        )
        // Parts that make up the checked name as they are need no check of their own.
        let makeName = name == first + " " + last
        student.firstName = makeName ? first : try? StudentValidator.namePart(first)
        student.lastName = makeName ? last : try? StudentValidator.namePart(last)
        result.append((student, ImportSource(line: record.line, hasFileID: true)))
    }

    /// The age of the student on row `row`, from their birth date or the default age; `nil`, with
    /// the problem noted, when the row gives none.
    private mutating func age(onRow row: Int, sourcedID id: String, of name: String, line: Int) -> Int? {
        if let birth = births.date(onRow: row, sourcedID: id) {
            let age = OneRosterImport.age(bornOn: birth, on: options.today).flatMap {
                try? StudentValidator.age($0)
            }
            if age == nil {
                problems.append(
                    ImportProblem(
                        file: users.file, line: line,
                        message:
                            "\(name) has the birth date '\(birth)' in demographics.csv, which gives no age "
                            + "from \(StudentValidator.ages.lowerBound) to \(StudentValidator.ages.upperBound)."
                    ))
            }
            return age
        }
        if let age = options.defaultAge { return age }
        withoutAge.append(
            ImportProblem(
                file: users.file, line: line, message: "\(name) (sourcedId \(id)) has no birth date."))
        return nil
    }
}
