/// Why groups could not be made.
public enum GroupingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size or count below 1.
    case badSizing
    /// Nobody to put in groups.
    case noStudents
    /// More groups than students.
    case tooFewStudents(students: Int, groups: Int)
    /// More students to keep apart than there are groups.
    case tooManyApart([String], groups: Int)
    /// Students to keep apart could not all be put in different groups.
    case cannotKeepApart([String])
    /// An apart set of more students than ``ClassGroups/largestApartSet``.
    case apartSetTooLarge(count: Int, limit: Int)

    /// A sentence saying what could not be done.
    public var description: String {
        switch self {
        case .badSizing: return "A group needs at least one student, and there must be at least one group."
        case .noStudents: return "There is nobody to put in groups."
        case .tooFewStudents(let students, let groups):
            return "\(groups) groups need at least \(groups) students, and there are \(students)."
        case .tooManyApart(let names, let groups):
            return "\(NameList.sentence(names)) cannot all be in different groups when there are only "
                + "\(groups) groups."
        case .cannotKeepApart(let names):
            return
                "\(NameList.sentence(names)) cannot all be kept in different groups with the other rules."
        case .apartSetTooLarge(let count, let limit):
            return "A set of students to keep apart holds at most \(limit), and this one has "
                + "\(NameList.grouped(count))."
        }
    }
}
