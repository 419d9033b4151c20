#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The search that seats the students under a rule: the front row's and those kept apart.
///
/// Each student tries the seats open to them in a random order (a random start and a random step
/// through them, so no list of seats is shuffled for each) and takes the first that breaks no
/// rule; when none is left, the student before moves on to their next seat. The search is a loop
/// with a cursor for each student, not a recursion, so a hall of ruled students needs no deep
/// stack.
struct SeatSearch {
    private(set) var map: SeatMap
    /// The rows from the front that students are seated in.
    let usedRows: Int
    let front: Set<UUID>
    private var tries = 0

    init(rows: Int, columns: Int, usedRows: Int, front: [UUID]) {
        map = SeatMap(rows: rows, columns: columns)
        self.usedRows = usedRows
        self.front = Set(front)
    }

    /// One student's way through the seats open to them.
    private struct Cursor {
        let count: Int
        let start: Int
        let step: Int
        var tried = 0
        var seat: Int?

        init(count: Int, using generator: inout some RandomNumberGenerator) {
            self.count = count
            start = Int.random(in: 0..<count, using: &generator)
            var step = Int.random(in: 1...count, using: &generator)
            while Self.greatestCommonDivisor(step, count) != 1 { step = step % count + 1 }
            self.step = step
        }

        /// The next seat to try, or `nil` when every one was tried.
        mutating func next() -> Int? {
            guard tried < count else { return nil }
            defer { tried += 1 }
            return (start + tried * step) % count
        }

        static func greatestCommonDivisor(_ one: Int, _ other: Int) -> Int {
            other == 0 ? one : greatestCommonDivisor(other, one % other)
        }
    }

    /// Seats the front row's students and every student of `sets` so that no two of one set are
    /// side by side or one behind the other; `false` when that cannot be done.
    mutating func seat(keepingApart sets: [[UUID]], using generator: inout some RandomNumberGenerator) -> Bool
    {
        let partners = SeatMap.partners(in: sets)
        // The front row first, then the students with the most partners: the hardest to place.
        let others = partners.keys.filter { !front.contains($0) }.map { ($0, partners[$0]?.count ?? 0) }
        let ruled =
            front.sorted { $0.uuidString < $1.uuidString }
            + others.sorted { ($0.1, $1.0.uuidString) > ($1.1, $0.0.uuidString) }.map(\.0)
        var cursors: [Cursor] = []
        var position = 0
        while position < ruled.count {
            let id = ruled[position]
            if cursors.count == position {
                let open = front.contains(id) ? map.columns : usedRows * map.columns
                cursors.append(Cursor(count: open, using: &generator))
            }
            if let seat = cursors[position].seat { map.occupants[seat] = nil }
            cursors[position].seat = nil
            let mates = partners[id] ?? []
            while let index = cursors[position].next() {
                tries += 1
                guard tries <= SeatPlanner.triesAllowed else { return false }
                if map.occupants[index] == nil, !map.hasNeighbour(of: index, among: mates) {
                    map.occupants[index] = id
                    cursors[position].seat = index
                    break
                }
            }
            if cursors[position].seat != nil {
                position += 1
            } else {
                cursors.removeLast()
                guard position > 0 else { return false }
                position -= 1
            }
        }
        return true
    }

    /// The map with `ids` not seated yet put, in random order, in the free seats of the used
    /// rows from the front: the seats left over are at the back.
    func filled(with ids: [UUID], using generator: inout some RandomNumberGenerator) -> SeatMap {
        var map = self.map
        let seated = Set(map.occupants.compactMap { $0 })
        var waiting = ids.filter { !seated.contains($0) }.shuffled(using: &generator)[...]
        for index in 0..<(usedRows * map.columns) where map.occupants[index] == nil {
            guard let id = waiting.popFirst() else { break }
            map.occupants[index] = id
        }
        return map
    }
}
