#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A kept seating plan brought up to date with the roster: the seats of students who left are
/// freed, and students who joined take free seats, front first, away from their apart partners
/// where a free seat allows.
struct SeatSettling {
    private(set) var map: SeatMap
    let students: [Student]
    let apart: [[UUID]]
    /// Students who joined and were seated, in roster order.
    private(set) var seated: [UUID] = []
    /// Students who joined and found no free seat, in roster order.
    private(set) var unseated: [UUID] = []
    /// How many seats were freed.
    private(set) var freed = 0

    init(map: SeatMap, students: [Student], apart: [[UUID]]) {
        self.map = map
        self.students = students
        self.apart = apart
    }

    mutating func settle() {
        let ids = Set(students.map(\.id))
        for (index, id) in map.occupants.enumerated() {
            if let id, !ids.contains(id) {
                map.occupants[index] = nil
                freed += 1
            }
        }
        let present = Set(map.occupants.compactMap { $0 })
        let partners = SeatMap.partners(in: apart)
        var free = map.occupants.indices.filter { map.occupants[$0] == nil }
        for student in students where !present.contains(student.id) {
            guard !free.isEmpty else {
                unseated.append(student.id)
                continue
            }
            let mates = partners[student.id] ?? []
            let place = free.firstIndex { !map.hasNeighbour(of: $0, among: mates) } ?? 0
            map.occupants[free.remove(at: place)] = student.id
            seated.append(student.id)
        }
    }

    /// The pairs of students kept apart who sit side by side or one behind the other in `map`.
    static func neighbours(in map: SeatMap, keptApart apart: [[UUID]]) -> [[UUID]] {
        var pairs: [[UUID]] = []
        for set in apart {
            let members = Set(set)
            for (index, id) in map.occupants.enumerated() {
                guard let id, members.contains(id) else { continue }
                for near in map.neighbours(of: index) where near > index {
                    if let other = map.occupants[near], members.contains(other) { pairs.append([id, other]) }
                }
            }
        }
        return pairs
    }
}
