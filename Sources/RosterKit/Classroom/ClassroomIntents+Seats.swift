#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Making a seating plan, showing it settled with the class as it is now, and swapping seats
/// (see ``ClassSeats``): the plan is kept beside the roster and changes no student.
extension ClassroomIntents {
    /// Makes a plan for the roster at `url` in a room `rows` by `columns`, and keeps it.
    ///
    /// - Parameters:
    ///   - rows: The room's rows.
    ///   - columns: The seats in each row.
    ///   - front: References to students to seat in the front row.
    ///   - apart: Sets of references to keep apart in this plan, besides the class's apart sets
    ///     of ``ClassGroups``.
    ///   - url: The roster file.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes a plan repeatable.
    /// - Throws: ``LookupError``, ``SeatingError``, ``GroupingError/apartSetTooLarge(count:limit:)``
    ///   or ``StorageError``; the plan kept before stays.
    public static func makeSeats(
        rows: Int, columns: Int, front: [String] = [], apart: [[String]] = [], at url: URL,
        using generator: inout some RandomNumberGenerator
    ) throws -> ClassSeats.Shown {
        try ClassGroups.checkApartSets(apart)
        return try StorageHandler.change(at: url) { current in
            let students = try current.classStudents()
            let find = { (reference: String) in
                students[try RosterLookup.index(of: reference, in: students)].id
            }
            let kept = seatsKeptApart(try current.read(.groups), students)
            let map = try SeatPlanner.map(
                students, rows: rows, columns: columns, front: try front.map(find),
                apart: kept + (try apart.map { try $0.map(find) }), using: &generator)
            let shown = ClassSeats.Shown(
                plan: map.plan(of: SeatMap.byID(students)), seatedSince: [], unseated: [], freed: 0,
                neighboursKeptApart: [])
            return (.keepBeside(.seats, bytes: Array(map.text.utf8)), shown)
        }
    }

    /// The kept plan of the roster at `url`, settled with the students there now.
    ///
    /// - Throws: ``SeatingError/noPlan`` when none is kept, or ``StorageError``.
    public static func seatingPlan(at url: URL) throws -> ClassSeats.Shown {
        do {
            return try settledSeats(at: url) { map, _ in map }
        } catch StorageError.fileSystem(_, _, let code) where code == EROFS {
            // On a file system mounted read-only the plan is still shown, settled but not kept.
            return try settledSeats(at: url, keeping: false) { map, _ in map }
        }
    }

    /// Swaps the seats of the two students `one` and `other` pick out in the kept plan.
    ///
    /// - Throws: ``LookupError``, ``SeatingError`` or ``StorageError``; the plan stays as it was.
    public static func swapSeats(_ one: String, _ other: String, at url: URL) throws -> ClassSeats.Shown {
        try settledSeats(at: url, checkingNeighbours: true) { map, students in
            let (first, second) = (
                students[try RosterLookup.index(of: one, in: students)],
                students[try RosterLookup.index(of: other, in: students)]
            )
            guard first.id != second.id else { throw SeatingError.sameStudent(first.name) }
            var map = map
            let places = (map.occupants.firstIndex(of: first.id), map.occupants.firstIndex(of: second.id))
            if let place = places.0 { map.occupants[place] = second.id }
            if let place = places.1 { map.occupants[place] = first.id }
            return map
        }
    }

    /// Reads the kept plan under the roster's lock, settles it with the roster, lets `change`
    /// change it, and keeps it when anything changed (and `keeping`); with `checkingNeighbours`,
    /// finds the students kept apart who sit next to each other.
    private static func settledSeats(
        at url: URL, keeping: Bool = true, checkingNeighbours: Bool = false,
        _ change: (SeatMap, [Student]) throws -> SeatMap
    ) throws -> ClassSeats.Shown {
        let loaded = keeping ? nil : try StorageHandler.load(from: url).filter { !$0.hasLeft() }
        return try StorageHandler.change(at: url, writes: keeping) { current in
            let students = try loaded ?? current.classStudents()
            guard let kept = SeatMap(text: try current.read(.seats)) else { throw SeatingError.noPlan }
            let apart = seatsKeptApart(try current.read(.groups), students)
            var settling = SeatSettling(map: kept, students: students, apart: apart)
            settling.settle()
            let map = try change(settling.map, students)
            let index = SeatMap.byID(students)
            let shown = ClassSeats.Shown(
                plan: map.plan(of: index), seatedSince: settling.seated.compactMap { index[$0] },
                unseated: settling.unseated.compactMap { index[$0] }, freed: settling.freed,
                neighboursKeptApart: checkingNeighbours
                    ? SeatSettling.neighbours(in: map, keptApart: apart).map { $0.compactMap { index[$0] } }
                    : [])
            let keeps = keeping && map != kept
            return (keeps ? .keepBeside(.seats, bytes: Array(map.text.utf8)) : .unchanged, shown)
        }
    }

    /// The class's apart sets, as ``ClassGroups`` keeps them.
    private static func seatsKeptApart(_ groups: Data?, _ students: [Student]) -> [[UUID]] {
        GroupMemory(text: groups, keeping: Set(students.map(\.id))).apart
    }
}
