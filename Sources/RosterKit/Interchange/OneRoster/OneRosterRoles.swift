import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which users of a OneRoster export are students: OneRoster 1.1 gives each user a `role` in
/// `users.csv`; 1.2 lists roles apart, in `roles.csv`.
enum OneRosterRoles {
    /// `users.csv`'s own `role` column says it of each row.
    case inUsers(roleColumn: Int)
    /// `roles.csv` lists the `sourcedId`s of the students.
    case listed(Set<String>)

    /// Where the export says which users are students.
    ///
    /// - Throws: ``ImportError`` when the export says nothing about roles.
    init(_ users: OneRosterTable, in folder: URL) throws(ImportError) {
        if let role = users.column("role") {
            self = .inUsers(roleColumn: role)
            return
        }
        guard let roles = try OneRosterTable("roles.csv", in: folder) else {
            throw ImportError(problems: [
                ImportProblem(
                    file: "users.csv",
                    message: "There is no role column, and no roles.csv, so students cannot be told from "
                        + "teachers.")
            ])
        }
        let (user, role) = (roles.column("userSourcedId"), roles.column("role"))
        self = .listed(
            Set(
                roles.records.lazy.filter { roles.value($0, role, is: "student") }
                    .map { roles.value($0, user) }))
    }

    /// Whether the user on `record` of `users`, whose `sourcedId` is `id`, is a student.
    func isStudent(_ record: CSVRecord, of users: OneRosterTable, id: String) -> Bool {
        switch self {
        case .inUsers(let role): users.value(record, role, is: "student")
        case .listed(let students): students.contains(id)
        }
    }
}
