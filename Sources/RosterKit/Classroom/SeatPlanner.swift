/// Decides who sits where: every student in exactly one seat, the students who need the front
/// row in it, and students who must be kept apart never side by side or one behind the other.
///
/// Random within those rules. The class fills the front rows it needs, so the free seats are at
/// the back, unless the rules can only hold in the whole room. Students under a rule are seated
/// first, by a search that tries their seats in random order; everyone else then takes the seats
/// left, at random.
public enum SeatPlanner {
    /// How many seats the search may try before it gives up: a class with rules settles in far
    /// fewer, and a hall's rules that cannot hold are found out in well under a second.
    static let triesAllowed = 200_000

    /// The plan of a room `rows` by `columns` for `students`.
    ///
    /// - Parameters:
    ///   - students: The students to seat.
    ///   - rows: The room's rows, from 1 to ``SeatingPlan/largestSide``.
    ///   - columns: The seats in each row, from 1 to ``SeatingPlan/largestSide``.
    ///   - front: Students (by id) to seat in the front row.
    ///   - apart: Sets of students (by id) no two of whom may sit side by side or one behind the
    ///     other.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes a plan repeatable.
    /// - Throws: ``SeatingError`` when the plan cannot be made.
    public static func plan(
        _ students: [Student], rows: Int, columns: Int, front: [Student.ID] = [], apart: [[Student.ID]] = [],
        using generator: inout some RandomNumberGenerator
    ) throws -> SeatingPlan {
        try map(students, rows: rows, columns: columns, front: front, apart: apart, using: &generator)
            .plan(of: SeatMap.byID(students))
    }

    /// The plan by ids; see ``plan(_:rows:columns:front:apart:using:)``.
    static func map(
        _ students: [Student], rows: Int, columns: Int, front: [Student.ID], apart: [[Student.ID]],
        using generator: inout some RandomNumberGenerator
    ) throws -> SeatMap {
        guard SeatMap.fits(rows: rows, columns: columns) else {
            throw SeatingError.badRoom(rows: rows, columns: columns)
        }
        guard !students.isEmpty else { throw SeatingError.noStudents }
        guard students.count <= rows * columns else {
            throw SeatingError.roomTooSmall(students: students.count, seats: rows * columns)
        }
        let ids = Set(students.map(\.id))
        let front = Array(Set(front).intersection(ids))
        if front.count > columns {
            throw SeatingError.frontRowFull(names(front, in: students), seats: columns)
        }
        let sets = apart.map { Array(Set($0).intersection(ids)) }.filter { $0.count > 1 }
        // The front rows the class needs first; the whole room when the rules cannot hold there.
        let needed = (students.count + columns - 1) / columns
        for usedRows in Set([needed, rows]).sorted() {
            var search = SeatSearch(rows: rows, columns: columns, usedRows: usedRows, front: front)
            if search.seat(keepingApart: sets, using: &generator) {
                return search.filled(with: students.map(\.id), using: &generator)
            }
        }
        // The front row always fits (checked above), so an apart set is what cannot hold: the first
        // that cannot be added, in the whole room, to the ones before it.
        let failing = sets.indices.first { last in
            var search = SeatSearch(rows: rows, columns: columns, usedRows: rows, front: front)
            return !search.seat(keepingApart: Array(sets[...last]), using: &generator)
        }
        throw SeatingError.cannotKeepApart(
            names(failing.map { sets[$0] } ?? sets.flatMap { $0 }, in: students))
    }

    /// The names of the students with `ids`, in roster order.
    static func names(_ ids: [Student.ID], in students: [Student]) -> [String] {
        let wanted = Set(ids)
        return students.filter { wanted.contains($0.id) }.map(\.name)
    }
}
