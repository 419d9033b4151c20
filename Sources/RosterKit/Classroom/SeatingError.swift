/// Why a seating plan cannot be made or changed.
public enum SeatingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A room with no rows or seats, or more than ``SeatingPlan/largestSide`` of either.
    case badRoom(rows: Int, columns: Int)
    /// Nobody to seat.
    case noStudents
    /// More students than seats.
    case roomTooSmall(students: Int, seats: Int)
    /// More students for the front row than it has seats.
    case frontRowFull([String], seats: Int)
    /// Students to keep apart could not all be seated apart with the other rules.
    case cannotKeepApart([String])
    /// The class has no seating plan yet.
    case noPlan
    /// The two students to swap are one student.
    case sameStudent(String)

    /// A sentence saying what could not be done.
    public var description: String {
        switch self {
        case .badRoom(let rows, let columns):
            return "A room of \(rows) by \(columns) cannot be planned: it needs 1 to "
                + "\(SeatingPlan.largestSide) rows and 1 to \(SeatingPlan.largestSide) seats a row."
        case .noStudents: return "There is nobody to seat."
        case .roomTooSmall(let students, let seats):
            let missing = students - seats
            return "The room has \(seats) seats for \(students) students: \(missing) "
                + "seat\(missing == 1 ? " is" : "s are") missing."
        case .frontRowFull(let names, let seats):
            return "\(names.count) students are to sit in the front row, which has \(seats) "
                + "seat\(seats == 1 ? "" : "s"): \(NameList.sentence(names))."
        case .cannotKeepApart(let names):
            return "\(NameList.sentence(names)) cannot all be seated apart (never side by side or one "
                + "behind the other) with the other rules in this room."
        case .noPlan: return "The class has no seating plan yet."
        case .sameStudent(let name): return "Both names pick out \(name); a swap needs two students."
        }
    }
}
