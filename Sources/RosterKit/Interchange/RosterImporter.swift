import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads students from a CSV, JSON or property-list file, validating every row as `add` would.
///
/// Reading never stops at the first problem: ``read(_:format:)`` either returns every student or
/// throws an ``ImportError`` listing every row that is wrong, so a teacher can fix the whole file
/// at once.
public enum RosterImporter {
    /// The result of reading an import file.
    public struct Result: Sendable {
        /// The students, in file order; those the file gave no id have a new one.
        public var students: [Student]
        /// Where each of ``students`` is in the file, in the same order.
        public var sources: [ImportSource]
        /// Things worth knowing that are not errors, such as columns that were ignored.
        public var notes: [String]
        /// Whether the file lists only some students, as a OneRoster delta export lists the
        /// changes since the last one: replacing a roster with it would remove the others.
        public internal(set) var isPartial = false
        /// The fields a blank cell may clear, with `blankClears`: the grade, score and note columns
        /// the file has (a CSV file's; a JSON or plist record says what it holds).
        var blankableFields: Set<BlankableField> = []

        init(students: [Student] = [], sources: [ImportSource] = [], notes: [String] = []) {
            (self.students, self.sources, self.notes) = (students, sources, notes)
        }

        /// Adds one student and where it came from.
        mutating func append(_ row: (student: Student, source: ImportSource)) {
            students.append(row.student)
            sources.append(row.source)
        }

        /// Makes room for `count` students in all.
        mutating func reserveCapacity(_ count: Int) {
            students.reserveCapacity(count)
            sources.reserveCapacity(count)
        }
    }

    /// A field that a blank cell of an import file clears when asked to.
    enum BlankableField: Hashable, Sendable {
        case grade, score
        case detail(StudentDetail)
    }

    /// The most students a CSV file may hold: a whole school district's roll. A file of more lines
    /// is refused before any of it is read, so that an import's memory stays within a few times
    /// the file's size however short its rows are.
    public static let maximumRows = 1_000_000

    /// Reads and validates every student in `data`.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - format: The file's format.
    /// - Returns: The students and any notes.
    /// - Throws: ``ImportError`` listing every problem; then nothing should be imported.
    public static func read(_ data: Data, format: InterchangeFormat) throws(ImportError) -> Result {
        try read(data, format: format, progress: nil)
    }

    /// Reads and validates every student in `data`, reporting progress as rows are checked.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - format: The file's format.
    ///   - defaultAge: The age of CSV rows without one; with it, a CSV file needs no age column.
    ///   - surnameFirst: Whether a CSV file's names are written surname first, `Hughes, Amelia`
    ///     (then turned round, the name's parts kept): `nil` when every name holds one comma, `false` never.
    ///   - dateOrder: How a CSV file's birth dates written with slashes (`30/09/2014`) are ordered;
    ///     `nil` to find it from the file, where a first or second number over 12 shows it.
    ///   - progress: Called now and then with the number of rows checked so far.
    /// - Returns: The students and any notes.
    /// - Throws: ``ImportError`` listing every problem; then nothing should be imported.
    public static func read(
        _ data: Data, format: InterchangeFormat, defaultAge: Int? = nil, surnameFirst: Bool? = nil,
        dateOrder: DateOrder? = nil, progress: (@Sendable (Int) -> Void)?
    )
        throws(ImportError) -> Result
    {
        if isWorkbook(data) { throw ImportError(problems: [ImportProblem(message: workbookAdvice)]) }
        var result: Result
        var problems: [ImportProblem]
        switch format {
        case .csv:
            (result, problems) = try CSVImport.read(
                CSVText(data), defaultAge: defaultAge, dateOrder: dateOrder, progress: progress)
            if surnameFirst ?? SurnameFirstNames.apply(to: result.students) {
                result.students = SurnameFirstNames.turned(result.students)
                if let turned = result.students.first(where: { $0.lastName != nil }) {
                    let (last, first) = (turned.lastName ?? "", turned.firstName ?? "")
                    result.notes.append(
                        "read the names as surname, forename ('\(VisibleText.of(last)), \(VisibleText.of(first))' "
                            + "is \(VisibleText.of(turned.name))), the name's parts kept")
                }
            }
        case .json: (result, problems) = try JSONImport.read(data)
        case .plist: (result, problems) = try plist(data)
        }
        problems += duplicateIDs(in: result)
        guard problems.isEmpty else {
            throw ImportError(
                problems: problems.sorted { ($0.line ?? $0.record ?? 0) < ($1.line ?? $1.record ?? 0) })
        }
        return result
    }

    /// Whether `data` is a spreadsheet workbook rather than text: an `.xlsx` or `.ods` file (a ZIP
    /// archive) or an `.xls` file (an OLE compound file), recognised by its first bytes.
    package static func isWorkbook(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04])
            || data.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
    }

    /// What to do with a workbook.
    static let workbookAdvice =
        "The file is a spreadsheet workbook (.xlsx, .ods or .xls), not CSV. In the spreadsheet, save it "
        + "as \"CSV UTF-8\" and import that file."

    /// Validates raw field texts into a student; every wrong field of the row goes into one problem.
    ///
    /// Without an age, a birth date gives it, as of `today`. An `id` that is not a UUID, and does
    /// not look like one mistyped, is the school's id (when the row gives no other), as a
    /// spreadsheet from the school's system numbers its students.
    static func student(
        id: String?, name: String?, age: String?,
        birth: (date: String, today: SchoolDay, order: DateOrder?)? = nil,
        grade: String?, score: String?, details: StudentDetails = StudentDetails(), line: Int,
        ids: inout IDGenerator, problems: inout [ImportProblem]
    ) -> (student: Student, source: ImportSource)? {
        var messages: [String] = []
        func check<Value>(_ read: () throws -> Value?) -> Value? {
            do { return try read() } catch {
                messages.append("\(error)")
                return nil
            }
        }
        var details = details
        let uuid = check { try importedID(id, details: &details, ids: &ids) }
        if let schoolID = details[.schoolID].flatMap(given),
            let damage = SpreadsheetDamage.message(for: schoolID)
        {
            messages.append(damage)
        }
        // A file with no name column (`student id,score`) may only update students; see ``nameToCome``.
        let validName = name == nil ? nameToCome : check { try StudentValidator.importedName(name ?? "") }
        let validAge = check { try importedAge(age, birth: birth) }
        let validGrade = check { try given(grade).map(StudentValidator.grade(text:)) }
        let validScore = check { try given(score).map(StudentValidator.score(text:)) }
        var validDetails = StudentDetails()
        for (detail, text) in details.present {
            validDetails[detail] = check { try StudentValidator.detail(detail, text) }
        }
        if let name, let original = DoubleEncodedText.original(of: name) {
            messages.append(
                "The name '\(name)' reads as UTF-8 decoded twice, probably from '\(original)'; "
                    + "open the file as UTF-8 and save it as UTF-8 again (in a spreadsheet, \"CSV UTF-8\").")
        }
        guard messages.isEmpty, let validName, let validAge else {
            problems.append(ImportProblem(line: line, message: messages.joined(separator: " ")))
            return nil
        }
        var student = Student(
            id: uuid ?? ids.next(), name: validName, age: validAge, grade: validGrade ?? nil,
            score: validScore ?? nil)
        student.details = validDetails
        return (student, ImportSource(line: line, hasFileID: uuid != nil))
    }

    /// A field's text, or `nil` when the field is missing or blank.
    private static func given(_ text: String?) -> String? {
        text.flatMap { isBlank($0) ? nil : $0 }
    }

    /// The row's id as a UUID; `nil` without one, or when it is the school's id, which then goes
    /// into `details` (when the row gives no other).
    private static func importedID(_ id: String?, details: inout StudentDetails, ids: inout IDGenerator)
        throws
        -> UUID?
    {
        guard let id = given(id) else { return nil }
        if let uuid = UUIDText.uuid(from: id) ?? UUID(uuidString: String(id.trimmingSpaces())) {
            return uuid
        }
        guard looksLikeUUID(id) || details[.schoolID].flatMap(given) != nil else {
            details[.schoolID] = id
            return nil
        }
        throw ValidationError.notANumber(field: "id", text: id, expected: "a UUID such as \(ids.next())")
    }

    /// The row's age, or the age a birth date gives as of its day, or ``ageToCome``.
    private static func importedAge(
        _ age: String?, birth: (date: String, today: SchoolDay, order: DateOrder?)?
    )
        throws -> Int
    {
        if given(age) == nil, let birth {
            guard let years = BirthDate.age(bornOn: birth.date, on: birth.today, order: birth.order) else {
                throw ValidationError.notANumber(
                    field: "date of birth", text: birth.date,
                    expected: BirthDate.example + ", not after today")
            }
            return try StudentValidator.age(years)
        }
        // A row without an age may only update a student; see ``ageToCome``.
        guard let age = given(age) else { return ageToCome }
        return try StudentValidator.age(text: age)
    }

    /// The name of a row of a file with no name column, which no student has: such a row may
    /// update the student its id or school id finds, who keeps their name, but cannot add one.
    static let nameToCome = ""

    /// The age of a row that gives none, which no student has: such a row may update a student,
    /// who keeps their age, but cannot add one (see ``ImportChanges``).
    static let ageToCome = 0

    /// Whether an id that is not a UUID is one mistyped: 32 or more hexadecimal digits and hyphens.
    private static func looksLikeUUID(_ text: String) -> Bool {
        let kept = text.trimmingSpaces()
        return kept.utf8.count >= 32
            && kept.utf8.allSatisfy { byte in
                byte == 0x2D || (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
                    || (0x61...0x66).contains(byte)
            }
    }

    /// Whether a field holds nothing but spaces and tabs.
    private static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private static func plist(_ data: Data) throws(ImportError) -> (Result, [ImportProblem]) {
        let decoded: [Student]
        do {
            decoded = try RosterCodec.decode(data, path: "import").students
        } catch let StorageError.damaged(_, reason) {
            throw ImportError(problems: [ImportProblem(message: "The file is not a roster: \(reason).")])
        } catch {
            throw ImportError(problems: [ImportProblem(message: "\(error)")])
        }
        var problems: [ImportProblem] = []
        var result = Result()
        result.reserveCapacity(decoded.count)
        for (index, student) in decoded.enumerated() {
            do {
                var valid = Student(
                    id: student.id, name: try StudentValidator.importedName(student.name),
                    age: try StudentValidator.age(student.age),
                    grade: try student.grade.map(StudentValidator.grade),
                    score: try student.score.map(StudentValidator.score), attendance: student.attendance)
                // The details were checked as they were read.
                valid.details = student.details
                valid.otherFields = student.otherFields
                result.append((valid, ImportSource(record: index + 1, hasFileID: true)))
            } catch {
                problems.append(ImportProblem(record: index + 1, message: "\(error)"))
            }
        }
        return (result, problems)
    }
}
