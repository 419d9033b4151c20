import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Students of a OneRoster export who have no birth date, when no default age was given; nothing
/// was imported.
package struct OneRosterAgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem per student, naming the student and its line in `users.csv`.
    package let students: [ImportProblem]

    /// A summary sentence; the students are listed one per line by the caller.
    package var description: String {
        let count = students.count == 1 ? "1 student has" : "\(students.count) students have"
        return "Nothing was imported: \(count) no birth date in demographics.csv, so no age."
    }
}
