#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which users of a OneRoster export are students: OneRoster 1.1 gives each user a `role` in
/// `users.csv`; 1.2 lists roles apart, in `roles.csv`.
enum OneRosterRoles {
    /// The `sourcedId`s of the users whose role is `student`.
    ///
    /// - Throws: ``ImportError`` when the export says nothing about roles.
    static func students(_ users: OneRosterTable, in folder: URL) throws(ImportError) -> Set<String> {
        let sourcedID = users.column("sourcedId")
        if let role = users.column("role") {
            return Set(
                users.records.lazy.filter { users.value($0, role, is: "student") }
                    .map { users.value($0, sourcedID) })
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
        return Set(
            roles.records.lazy.filter { roles.value($0, role, is: "student") }
                .map { roles.value($0, user) })
    }
}
