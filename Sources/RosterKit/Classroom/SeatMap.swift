import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A seating plan by students' ids, as it is kept beside the roster in `.students.plist.seats`:
/// a line `room <rows> <columns>`, then a line `seat <row> <column> <id>` for each seat taken.
///
/// Seats are numbered from 0 here, row by row from the front; the file counts from 1, as a person
/// does. A line that cannot be read, a seat outside the room, and a second seat of one student
/// are left out, so a damaged file loses at most those seats.
struct SeatMap: Equatable {
    let rows: Int
    let columns: Int
    var occupants: [UUID?]

    /// An empty room.
    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        occupants = Array(repeating: nil, count: rows * columns)
    }

    /// The plan a seats file holds, or `nil` when it holds none.
    init?(text data: Data?) {
        guard let data else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let room = lines.first?.split(separator: " "), room.count == 3, room[0] == "room",
            let rows = Int(room[1]), let columns = Int(room[2]), Self.fits(rows: rows, columns: columns)
        else { return nil }
        self.init(rows: rows, columns: columns)
        var seen: Set<UUID> = []
        for line in lines.dropFirst() {
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "seat", let row = Int(words[1]), let column = Int(words[2]),
                (1...rows).contains(row), (1...columns).contains(column),
                let id = UUIDText.uuid(from: String(words[3])), seen.insert(id).inserted
            else { continue }
            let index = (row - 1) * columns + column - 1
            if occupants[index] == nil { occupants[index] = id }
        }
    }

    /// Whether a room of this size can be planned.
    static func fits(rows: Int, columns: Int) -> Bool {
        (1...SeatingPlan.largestSide).contains(rows) && (1...SeatingPlan.largestSide).contains(columns)
    }

    /// The file's text.
    var text: String {
        var text = "room \(rows) \(columns)\n"
        for (index, id) in occupants.enumerated() {
            guard let id else { continue }
            text += "seat \(index / columns + 1) \(index % columns + 1) \(UUIDText.string(id))\n"
        }
        return text
    }

    /// The seats beside `index` and in front of and behind it.
    func neighbours(of index: Int) -> [Int] {
        let (row, column) = (index / columns, index % columns)
        var near: [Int] = []
        if column > 0 { near.append(index - 1) }
        if column < columns - 1 { near.append(index + 1) }
        if row > 0 { near.append(index - columns) }
        if row < rows - 1 { near.append(index + columns) }
        return near
    }

    /// Whether a student of `mates` sits beside `index`, in front of it or behind it.
    func hasNeighbour(of index: Int, among mates: Set<UUID>) -> Bool {
        !mates.isEmpty && neighbours(of: index).contains { occupants[$0].map(mates.contains) ?? false }
    }

    /// For each student of an apart set, the students they must not sit next to.
    static func partners(in sets: [[UUID]]) -> [UUID: Set<UUID>] {
        var partners: [UUID: Set<UUID>] = [:]
        for set in sets {
            for id in set { partners[id, default: []].formUnion(set.filter { $0 != id }) }
        }
        return partners
    }

    /// The students by id, as ``plan(of:)`` takes them; the first of two with one id wins.
    static func byID(_ students: [Student]) -> [UUID: Student] {
        Dictionary(students.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The plan with each seat's student, leaving out ids not in `students`.
    func plan(of students: [UUID: Student]) -> SeatingPlan {
        SeatingPlan(rows: rows, columns: columns, seats: occupants.map { $0.flatMap { students[$0] } })
    }
}
