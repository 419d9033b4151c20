import Foundation

/// Reads students from a CSV, JSON or property-list file, validating every row as `add` would.
///
/// Reading never stops at the first problem: ``read(_:format:)`` either returns every student or
/// throws an ``ImportError`` listing every row that is wrong, so a teacher can fix the whole file
/// at once.
public enum RosterImporter {
    /// The result of reading an import file.
    public struct Result: Sendable {
        /// The students, in file order.
        public var students: [ImportedStudent]
        /// Things worth knowing that are not errors, such as columns that were ignored.
        public var notes: [String]
    }

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
    ///   - progress: Called now and then with the number of rows checked so far.
    /// - Returns: The students and any notes.
    /// - Throws: ``ImportError`` listing every problem; then nothing should be imported.
    public static func read(_ data: Data, format: InterchangeFormat, progress: ((Int) -> Void)?)
        throws(ImportError) -> Result
    {
        let result: Result
        var problems: [ImportProblem]
        switch format {
        case .csv:
            let read = data.withUnsafeBytes { raw in
                Swift.Result { () throws(ImportError) in
                    try CSVImport.read(raw.assumingMemoryBound(to: UInt8.self), progress: progress)
                }
            }
            (result, problems) = try read.get()
        case .json: (result, problems) = try JSONImport.read(data)
        case .plist: (result, problems) = try plist(data)
        }
        problems += duplicateIDs(in: result.students)
        guard problems.isEmpty else {
            throw ImportError(
                problems: problems.sorted { ($0.line ?? $0.record ?? 0) < ($1.line ?? $1.record ?? 0) })
        }
        return result
    }

    /// Validates raw field texts into a student; every wrong field of the row goes into one problem.
    static func student(
        id: String?, name: String?, age: String?, grade: String?, score: String?, at location: ImportProblem,
        ids: inout IDGenerator, problems: inout [ImportProblem]
    ) -> ImportedStudent? {
        var messages: [String] = []
        func check<Value>(_ read: () throws -> Value?) -> Value? {
            do { return try read() } catch {
                messages.append("\(error)")
                return nil
            }
        }
        let given = { (text: String?) in text.flatMap { isBlank($0) ? nil : $0 } }
        let uuid = check { () throws -> UUID? in
            guard let id = given(id) else { return nil }
            guard
                let uuid = StudentFields.uuid(from: id)
                    ?? UUID(uuidString: id.trimmingCharacters(in: .whitespaces))
            else {
                throw ValidationError.notANumber(
                    field: "id", text: id, expected: "a UUID such as \(ids.next())")
            }
            return uuid
        }
        let validName = check { try StudentValidator.name(name ?? "") }
        let validAge = check { () throws -> Int in
            guard let age = given(age) else { throw ValidationError.missing(field: "age") }
            return try StudentValidator.age(text: age)
        }
        let validGrade = check { try given(grade).map(StudentValidator.grade(text:)) }
        let validScore = check { try given(score).map(StudentValidator.score(text:)) }
        guard messages.isEmpty, let validName, let validAge else {
            problems.append(Self.problem(messages.joined(separator: " "), at: location))
            return nil
        }
        let student = Student(
            id: uuid ?? ids.next(), name: validName, age: validAge, grade: validGrade ?? nil,
            score: validScore ?? nil)
        return ImportedStudent(student: student, hasFileID: uuid != nil, location: location)
    }

    /// `message` at the place `location` names.
    static func problem(_ message: String, at location: ImportProblem) -> ImportProblem {
        if let line = location.line { return ImportProblem(line: line, message: message) }
        if let record = location.record { return ImportProblem(record: record, message: message) }
        return ImportProblem(message: message)
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
        var students: [ImportedStudent] = []
        for (index, student) in decoded.enumerated() {
            do {
                let valid = Student(
                    id: student.id, name: try StudentValidator.name(student.name),
                    age: try StudentValidator.age(student.age),
                    grade: try student.grade.map(StudentValidator.grade),
                    score: try student.score.map(StudentValidator.score))
                let location = ImportProblem(record: index + 1, message: "")
                students.append(ImportedStudent(student: valid, hasFileID: true, location: location))
            } catch {
                problems.append(ImportProblem(record: index + 1, message: "\(error)"))
            }
        }
        return (Result(students: students, notes: []), problems)
    }

    private static func duplicateIDs(in students: [ImportedStudent]) -> [ImportProblem] {
        var seen: [UUID: ImportedStudent] = [:]
        var problems: [ImportProblem] = []
        for imported in students where imported.hasFileID {
            if let first = seen[imported.student.id] {
                let firstLine = first.location.line.map { "line \($0)" } ?? first.location.location
                let firstPlace = firstLine.map { " (first at \($0))" } ?? ""
                problems.append(
                    imported.problem("The id \(imported.student.id) appears twice in the file\(firstPlace)."))
            } else {
                seen[imported.student.id] = imported
            }
        }
        return problems
    }
}
