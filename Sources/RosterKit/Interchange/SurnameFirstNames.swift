/// Names written surname first, `Hughes, Amelia`, as many school exports and gradebooks write a
/// single name column: when every name of a file holds one comma, each is read as surname and
/// forename, kept as the name's parts, and shown "Amelia Hughes".
enum SurnameFirstNames {
    /// Whether every student's name holds exactly one comma with text on both sides: a file of
    /// such names is surname first, a file where some are not is names as written.
    static func apply(to students: [Student]) -> Bool {
        !students.isEmpty && students.allSatisfy { parts(of: $0.name) != nil && $0.firstName == nil }
    }

    /// `Hughes, Amelia` as (last: Hughes, first: Amelia), or `nil` for any other name.
    static func parts(of name: String) -> (last: String, first: String)? {
        let pieces = name.split(separator: ",", omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return nil }
        let (last, first) = (pieces[0].trimmingSpaces(), pieces[1].trimmingSpaces())
        guard !last.isEmpty, !first.isEmpty else { return nil }
        return (String(last), String(first))
    }

    /// The students of a surname-first file with their names turned round and kept in parts.
    static func turned(_ students: [Student]) -> [Student] {
        students.map { student in
            guard let parts = parts(of: student.name) else { return student }
            var turned = student
            turned.name = parts.first + " " + parts.last
            (turned.firstName, turned.lastName) = (parts.first, parts.last)
            return turned
        }
    }
}
