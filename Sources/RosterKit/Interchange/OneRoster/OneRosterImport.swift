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
package enum OneRosterImport {
    /// Choices for reading an export.
    package struct Options: Sendable {
        /// The day ages are worked out on.
        package var today: SchoolDay
        /// The age of students without a birth date; without it, they stop the import.
        package var defaultAge: Int?
        /// Only the students of the class with this `classCode` or `title`.
        package var className: String?
        /// Whether an export of several classes is read whole, every class's students together,
        /// when no ``className`` is given; without it such an export is refused
        /// (``OneRosterClassesError``).
        package var allClasses: Bool

        /// Options for reading a whole export on `today`.
        package init(
            today: SchoolDay, defaultAge: Int? = nil, className: String? = nil, allClasses: Bool = false
        ) {
            (self.today, self.defaultAge, self.className, self.allClasses) = (
                today, defaultAge, className, allClasses
            )
        }
    }

    /// The namespace of the ids made from `sourcedId`s that are not UUIDs.
    static let namespace = UUID(
        uuid: (
            0x6F, 0x6E, 0x65, 0x72, 0x6F, 0x73, 0x74, 0x65, 0x72, 0x2D, 0x72, 0x6F, 0x73, 0x74, 0x65, 0x72
        ))

    /// Whether `folder` is a OneRoster CSV export: it holds a `users.csv`.
    package static func isExport(_ folder: URL) -> Bool {
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
    ///   ``OneRosterAgeError`` when some students have no age; ``OneRosterClassesError`` for an
    ///   export of several classes read without ``Options/className`` or ``Options/allClasses``.
    package static func read(folder: URL, options: Options) throws -> RosterImporter.Result {
        let (users, births) = try readTables(in: folder)
        var (notes, isPartial) = try manifestNotes(in: folder)
        if births.isEmpty { notes.append("The export has no birth dates (demographics.csv)") }
        let roles = try OneRosterRoles(users, in: folder)
        if options.className == nil, !options.allClasses {
            let classes = try OneRosterClasses.names(in: folder)
            if classes.count > 1 { throw OneRosterClassesError(classes: classes) }
        }
        let enrolled = try options.className.map { try OneRosterClasses.students(of: $0, in: folder) }
        let reader = try OneRosterUserReader(users: users, options: options, births: births)
        notes += reader.missingColumnNotes
        let halves = ParallelWork.parts(count: users.records.count) { range in
            var half = reader
            for row in range {
                let id = users.value(users.records[row], reader.sourcedID)
                guard roles.isStudent(users.records[row], of: users, id: id), enrolled?.contains(id) ?? true
                else { continue }
                half.read(row: row, sourcedID: id)
            }
            return half
        }
        let problems = halves.flatMap(\.problems)
        guard problems.isEmpty else { throw ImportError(problems: problems) }
        let withoutAge = halves.flatMap(\.withoutAge)
        guard withoutAge.isEmpty else { throw OneRosterAgeError(students: withoutAge) }
        return joined(halves.map(\.result), notes: notes, isPartial: isPartial)
    }

    /// `users.csv` and the birth dates of `demographics.csv`, the two large files, read at once,
    /// one per core.
    private static func readTables(in folder: URL) throws -> (OneRosterTable, OneRosterBirthDates) {
        let (usersRead, birthsRead) = ParallelWork.both(
            splitting: true,
            {
                Result { () throws(ImportError) in
                    try OneRosterTable("users.csv", in: folder, keeping: userColumns)
                }
            },
            {
                Result { () throws(ImportError) in
                    try OneRosterTable("demographics.csv", in: folder, keeping: ["sourcedId", "birthDate"])
                }
            })
        guard let users = try usersRead.get() else {
            throw ImportError(problems: [ImportProblem(message: "The folder has no users.csv.")])
        }
        return (users, OneRosterBirthDates(try birthsRead.get(), users: users))
    }

    /// The students the parts read, in order, as one result.
    private static func joined(_ parts: [RosterImporter.Result], notes: [String], isPartial: Bool)
        -> RosterImporter.Result
    {
        var result = RosterImporter.Result(notes: notes)
        result.isPartial = isPartial
        result.reserveCapacity(parts.reduce(0) { $0 + $1.students.count })
        for part in parts {
            result.students += part.students
            result.sources += part.sources
        }
        return result
    }

    /// The columns of `users.csv` that are read: who each user is, their role, name and grade, and
    /// their agents (parents and guardians) with their addresses.
    static let userColumns = [
        "sourcedId", "role", "givenName", "preferredGivenName", "familyName", "grades", "identifier",
        "agentSourcedIds", "email",
    ]

    /// What `manifest.csv`, when the export has one, says that a teacher should know: a version this
    /// reader was not written for, or a `users.csv` that holds only the changes since the last export.
    /// Also tells whether `users.csv` lists only some students.
    private static func manifestNotes(in folder: URL) throws(ImportError) -> (
        notes: [String], isPartial: Bool
    ) {
        guard let manifest = try OneRosterTable("manifest.csv", in: folder) else { return ([], false) }
        let (property, value) = (manifest.column("propertyName"), manifest.column("value"))
        var (notes, isPartial) = ([String](), false)
        for record in manifest.records {
            let (name, setting) = (manifest.value(record, property), manifest.value(record, value))
            if name == "oneroster.version", setting != "1.1", setting != "1.2" {
                notes.append("manifest.csv says OneRoster \(setting); it is read as 1.1 and 1.2 are")
            }
            if name == "file.users", setting.lowercased() == "delta" {
                isPartial = true
                notes.append(
                    "manifest.csv says users.csv holds only changes (delta), so it lists only some students")
            }
        }
        return (notes, isPartial)
    }

    /// The roster id of the user with `sourcedID`.
    static func id(for sourcedID: String) -> UUID {
        UUID(uuidString: sourcedID) ?? NameBasedUUID.uuid(namespace: namespace, name: sourcedID)
    }

    /// The grade a OneRoster grade code stands for: `KG` is 0, `01` to `13` are 1 to 13; of a list
    /// such as `07,08`, the first.
    static func grade(_ code: String) -> Int? {
        let first = String(decoding: code.utf8.prefix { $0 != UInt8(ascii: ",") }, as: UTF8.self)
        guard first.utf8.count == 2 else { return nil }
        if first.uppercased() == "KG" { return 0 }
        guard let number = Student.wholeNumber(first), number > 0, StudentValidator.grades.contains(number)
        else { return nil }
        return number
    }

    /// A person's age in whole years on `day`, from a `YYYY-MM-DD` birth date (a time after it, as
    /// some systems write, is ignored); `nil` for a date that is not one or is after `day`.
    static func age(bornOn birthDate: String, on day: SchoolDay) -> Int? {
        BirthDate.age(bornOn: birthDate, on: day)
    }
}
