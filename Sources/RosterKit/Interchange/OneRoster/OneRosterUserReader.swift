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
    private let agents: Int?
    private let email: Int?
    /// The rows of the users who are each student's agents (parents, guardians, relatives), by
    /// the student's `sourcedId`, from either side: a student's `agentSourcedIds` names them, or
    /// theirs names the student.
    private let agentRows: [String: [Int]]
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
        agents = users.column("agentSourcedIds")
        email = users.column("email")
        agentRows = Self.agentRows(of: users, sourcedID: sourcedID, agents: agents)
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
        (student.guardianName, student.guardianEmail) = guardian(of: record)
        result.append((student, ImportSource(line: record.line, hasFileID: true)))
    }

    /// See ``agentRows``.
    private static func agentRows(of users: OneRosterTable, sourcedID: Int?, agents: Int?) -> [String: [Int]]
    {
        guard let sourcedID, let agents else { return [:] }
        let role = users.column("role")
        var rowOf: [String: Int] = [:]
        for (row, record) in users.records.enumerated() { rowOf[users.value(record, sourcedID)] = row }
        let isAgent = { (row: Int) in
            guard let role else { return true }
            return ["parent", "guardian", "relative"].contains(
                users.value(users.records[row], role).lowercased())
        }
        var found: [String: [Int]] = [:]
        for (row, record) in users.records.enumerated() {
            let id = users.value(record, sourcedID)
            for other in users.value(record, agents).split(separator: ",").map({ String($0.trimmingSpaces()) }
            ) {
                if let agent = rowOf[other], isAgent(agent) { found[id, default: []].append(agent) }
                if isAgent(row) { found[other, default: []].append(row) }
            }
        }
        return found
    }

    /// The name and address of the first of a student's agents who has them; a name or an
    /// address that breaks roster's rule is left out.
    private func guardian(of record: CSVRecord) -> (name: String?, email: String?) {
        guard let sourcedID else { return (nil, nil) }
        for row in agentRows[users.value(record, sourcedID)] ?? [] {
            let agent = users.records[row]
            let name = [users.value(agent, givenName), users.value(agent, familyName)].filter { !$0.isEmpty }
                .joined(separator: " ")
            let checkedName = try? StudentValidator.detail(.guardianName, name)
            let address = try? StudentValidator.detail(.guardianEmail, users.value(agent, email))
            if checkedName != nil || address != nil { return (checkedName ?? nil, address ?? nil) }
        }
        return (nil, nil)
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
