import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the students of a OneRoster 1.1 or 1.2 CSV export, the folder of CSV files that school
/// information systems write (`manifest.csv`, `users.csv`, `classes.csv`, `enrollments.csv`,
/// `demographics.csv`, and in 1.2 `roles.csv`).
///
/// Students are the users whose role is `student`: the `role` column of a 1.1 `users.csv`, or
/// 1.2's `roles.csv`. Each is named by `preferredGivenName` (else `givenName`) and `familyName`;
/// its grade comes from `grades` (`KG` is 0, `01` to `13` are 1 to 13, anything else no grade),
/// its age from the `birthDate` in `demographics.csv` on ``Options/today``.
///
/// A student's id is its `sourcedId` when that is a UUID, else the version 5 UUID of it: the same
/// each time, so importing a later export of the same school updates the students instead of
/// adding them again.
public enum OneRosterImport {
    /// Choices for reading an export.
    public struct Options: Sendable {
        /// The day ages are worked out on.
        public var today: SchoolDay
        /// The age of students without a birth date; without it, they stop the import.
        public var defaultAge: Int?
        /// Only the students of the class with this `classCode` or `title`.
        public var className: String?

        /// Options for reading a whole export on `today`.
        public init(today: SchoolDay, defaultAge: Int? = nil, className: String? = nil) {
            (self.today, self.defaultAge, self.className) = (today, defaultAge, className)
        }
    }

    /// The namespace of the ids made from `sourcedId`s that are not UUIDs.
    static let namespace = UUID(
        uuid: (
            0x6F, 0x6E, 0x65, 0x72, 0x6F, 0x73, 0x74, 0x65, 0x72, 0x2D, 0x72, 0x6F, 0x73, 0x74, 0x65, 0x72
        ))

    /// Whether `folder` is a OneRoster CSV export: it holds a `users.csv`.
    public static func isExport(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("users.csv").path)
    }

    /// Reads and validates the students of the export in `folder`.
    ///
    /// - Parameters:
    ///   - folder: The export's folder.
    ///   - options: The day, the default age and the class to read.
    /// - Returns: The students in `users.csv` order, each with its line there, and notes about
    ///   columns that are missing.
    /// - Throws: ``ImportError`` listing every problem, each with its file and line;
    ///   ``OneRosterAgeError`` when some students have no age.
    public static func read(folder: URL, options: Options) throws -> RosterImporter.Result {
        guard let users = try OneRosterTable("users.csv", in: folder) else {
            throw ImportError(problems: [ImportProblem(message: "The folder has no users.csv.")])
        }
        var notes: [String] = []
        let students = try OneRosterRoles.students(users, in: folder)
        let enrolled = try options.className.map { try OneRosterClasses.students(of: $0, in: folder) }
        let births = try OneRosterTable("demographics.csv", in: folder).map(birthDates) ?? [:]
        if births.isEmpty { notes.append("The export has no birth dates (demographics.csv)") }
        var reader = OneRosterUserReader(users: users, options: options, births: births)
        for note in reader.missingColumnNotes { notes.append(note) }
        for record in users.records {
            let id = users.value(record, reader.sourcedID)
            guard students.contains(id), enrolled?.contains(id) ?? true else { continue }
            reader.read(record, sourcedID: id)
        }
        guard reader.problems.isEmpty else { throw ImportError(problems: reader.problems) }
        guard reader.withoutAge.isEmpty else { throw OneRosterAgeError(students: reader.withoutAge) }
        var result = reader.result
        result.notes = notes
        return result
    }

    /// Each user's `birthDate` from `demographics.csv`, by `sourcedId`.
    private static func birthDates(_ table: OneRosterTable) -> [String: String] {
        let (user, birthDate) = (table.column("sourcedId"), table.column("birthDate"))
        var dates: [String: String] = [:]
        for record in table.records {
            let date = table.value(record, birthDate)
            if !date.isEmpty { dates[table.value(record, user)] = date }
        }
        return dates
    }

    /// The roster id of the user with `sourcedID`.
    static func id(for sourcedID: String) -> UUID {
        UUID(uuidString: sourcedID) ?? NameBasedUUID.uuid(namespace: namespace, name: sourcedID)
    }

    /// The grade a OneRoster grade code stands for: `KG` is 0, `01` to `13` are 1 to 13.
    static func grade(_ code: String) -> Int? {
        let first = code.split(separator: ",").first.map { String($0.trimmingSpaces()) } ?? ""
        if first.uppercased() == "KG" { return 0 }
        guard first.count == 2, let number = Int(first), StudentValidator.grades.contains(number), number > 0
        else { return nil }
        return number
    }

    /// A person's age in whole years on `day`, from a `YYYY-MM-DD` birth date.
    static func age(bornOn birthDate: String, on day: SchoolDay) -> Int? {
        guard let born = SchoolDay(String(birthDate.prefix(10))), born <= day else { return nil }
        let parts = { (text: String) in text.split(separator: "-").compactMap { Int($0) } }
        let (from, to) = (parts(born.text), parts(day.text))
        guard from.count == 3, to.count == 3 else { return nil }
        let hadBirthday = (to[1], to[2]) >= (from[1], from[2])
        return to[0] - from[0] - (hadBirthday ? 0 : 1)
    }
}

/// Students of a OneRoster export who have no birth date, when no default age was given; nothing
/// was imported.
public struct OneRosterAgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem per student, naming the student and its line in `users.csv`.
    public let students: [ImportProblem]

    /// A summary sentence; the students are listed one per line by the caller.
    public var description: String {
        let count = students.count == 1 ? "1 student has" : "\(students.count) students have"
        return "Nothing was imported: \(count) no birth date in demographics.csv, so no age."
    }
}
