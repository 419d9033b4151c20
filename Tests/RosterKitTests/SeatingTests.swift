import Foundation
import Testing

@testable import RosterKit

/// Seating plans: every student in one seat, the front row's students in it, students kept apart
/// never neighbours, refusals that name the rule, and a kept plan that follows the roster.
@Suite("Seating plans")
struct SeatingTests {
    static let students = (0..<28).map { Student(name: "S\($0)", age: 12) }

    /// Whether two seats are side by side or one behind the other.
    static func neighbours(_ one: SeatingPlan.Seat, _ other: SeatingPlan.Seat) -> Bool {
        abs(one.row - other.row) + abs(one.column - other.column) == 1
    }

    @Test("every student gets exactly one seat; the class fills the front rows", arguments: [1, 2, 3])
    func everyone(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let plan = try SeatPlanner.plan(Self.students, rows: 6, columns: 6, using: &random)
        let seated = plan.taken.map(\.student.id)
        #expect(seated.count == 28 && Set(seated) == Set(Self.students.map(\.id)))
        // 28 students in rows of 6 need five rows: the sixth stays free.
        #expect(plan.taken.allSatisfy { $0.seat.row <= 5 })
        #expect(plan.seats.count == 36)
    }

    @Test("the same seed makes the same plan; another seed another")
    func repeatable() throws {
        var (one, two, three) = (SeededRandom(seed: 9), SeededRandom(seed: 9), SeededRandom(seed: 10))
        let first = try SeatPlanner.plan(Self.students, rows: 5, columns: 6, using: &one)
        #expect(try SeatPlanner.plan(Self.students, rows: 5, columns: 6, using: &two) == first)
        #expect(try SeatPlanner.plan(Self.students, rows: 5, columns: 6, using: &three) != first)
    }

    @Test("front-row students sit in row 1; apart sets never side by side or one behind", arguments: 1...20)
    func rules(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let ids = Self.students.map(\.id)
        let front = [ids[3], ids[17], ids[27]]
        let apart = [[ids[0], ids[1], ids[2]], [ids[4], ids[5]], [ids[3], ids[6]]]
        let plan = try SeatPlanner.plan(
            Self.students, rows: 5, columns: 6, front: front, apart: apart, using: &random)
        for id in front { #expect(plan.seat(of: id)?.row == 1) }
        for set in apart {
            let seats = set.compactMap(plan.seat(of:))
            #expect(seats.count == set.count)
            for one in seats {
                for other in seats where one != other { #expect(!Self.neighbours(one, other)) }
            }
        }
    }

    @Test("a room too small, a front row too short and rules that cannot hold are refused by name")
    func refusals() {
        var random = SeededRandom(seed: 1)
        let (ids, names) = (Self.students.map(\.id), Self.students.map(\.name))
        #expect(throws: SeatingError.roomTooSmall(students: 28, seats: 25)) {
            try SeatPlanner.plan(Self.students, rows: 5, columns: 5, using: &random)
        }
        #expect(throws: SeatingError.frontRowFull(Array(names[0..<3]), seats: 2)) {
            try SeatPlanner.plan(
                Self.students, rows: 14, columns: 2, front: Array(ids[0..<3]), using: &random)
        }
        #expect(throws: SeatingError.badRoom(rows: 0, columns: 5)) {
            try SeatPlanner.plan(Self.students, rows: 0, columns: 5, using: &random)
        }
        #expect(throws: SeatingError.noStudents) {
            try SeatPlanner.plan([], rows: 2, columns: 2, using: &random)
        }
        // In one row of two, two students kept apart always sit side by side; the first set is fine.
        let pair = Array(Self.students.prefix(3))
        #expect(throws: SeatingError.cannotKeepApart([pair[1].name, pair[2].name])) {
            try SeatPlanner.plan(
                pair, rows: 1, columns: 3, apart: [[pair[0].id, pair[2].id], [pair[1].id, pair[2].id]],
                using: &random)
        }
    }

    @Test("a hall of 1,000 with rules is planned, the rules holding")
    func hall() throws {
        let hall = (0..<1_000).map { Student(name: "H\($0)", age: 15) }
        let apart = stride(from: 0, to: 200, by: 2).map { [hall[$0].id, hall[$0 + 1].id] }
        var random = SeededRandom(seed: 4)
        let plan = try SeatPlanner.plan(
            hall, rows: 25, columns: 40, front: hall.suffix(30).map(\.id), apart: apart, using: &random)
        #expect(plan.taken.count == 1_000)
        for pair in apart {
            let seats = pair.compactMap(plan.seat(of:))
            #expect(seats.count == 2 && !Self.neighbours(seats[0], seats[1]))
        }
    }

    @Test("the kept plan frees the seats of students who left and seats those who joined")
    func settling() throws {
        let folder = try TemporaryFolder()
        let url = folder.file()
        for student in Self.students.prefix(8) { try StorageHandler.append([student], to: url) }
        var random = SeededRandom(seed: 2)
        let made = try ClassroomIntents.makeSeats(rows: 3, columns: 3, at: url, using: &random)
        #expect(made.plan.taken.count == 8)
        #expect(try ClassroomIntents.seatingPlan(at: url) == made)
        let leaving = Self.students[0]
        let left = try #require(made.plan.seat(of: leaving.id))
        try ClassroomIntents.remove([leaving.id.uuidString], at: url)
        try StorageHandler.append([Self.students[8]], to: url)
        try StorageHandler.append([Self.students[9]], to: url)
        let shown = try ClassroomIntents.seatingPlan(at: url)
        #expect(shown.freed == 1)
        #expect(shown.plan.seat(of: leaving.id) == nil)
        #expect(shown.seatedSince.map(\.id) == [Self.students[8].id, Self.students[9].id])
        #expect(shown.unseated.isEmpty)
        #expect(
            shown.plan.seat(of: Self.students[8].id) != nil && shown.plan.seat(of: Self.students[9].id) != nil
        )
        #expect(shown.plan.student(in: left) != nil)
        // Settled once, the plan is kept so: the next look finds nothing new.
        let again = try ClassroomIntents.seatingPlan(at: url)
        #expect(again.freed == 0 && again.seatedSince.isEmpty && again.plan == shown.plan)
        try StorageHandler.append([Self.students[10]], to: url)
        #expect(try ClassroomIntents.seatingPlan(at: url).unseated.map(\.id) == [Self.students[10].id])
    }

    @Test("a swap exchanges two seats and says when students kept apart end up neighbours")
    func swap() throws {
        let folder = try TemporaryFolder()
        let url = folder.file()
        let four = Array(Self.students.prefix(4))
        for student in four { try StorageHandler.append([student], to: url) }
        try ClassroomIntents.keepApart([four[0].name, four[1].name], at: url)
        var random = SeededRandom(seed: 3)
        let made = try ClassroomIntents.makeSeats(rows: 2, columns: 2, at: url, using: &random)
        let (first, second) = (made.plan.seat(of: four[0].id), made.plan.seat(of: four[1].id))
        #expect(first.map { one in second.map { !Self.neighbours(one, $0) } ?? false } == true)
        // Swapping S0 with whoever sits beside S1 brings the two together.
        let beside = try #require(
            four.first {
                $0.id != four[1].id && made.plan.seat(of: $0.id).map { Self.neighbours($0, second!) } == true
            })
        let swapped = try ClassroomIntents.swapSeats(four[0].name, beside.name, at: url)
        #expect(swapped.plan.seat(of: four[0].id) == made.plan.seat(of: beside.id))
        #expect(swapped.plan.seat(of: beside.id) == first)
        #expect(swapped.neighboursKeptApart.map { Set($0.map(\.id)) } == [Set([four[0].id, four[1].id])])
        // Only a swap looks for them; showing the plan does not.
        #expect(try ClassroomIntents.seatingPlan(at: url).neighboursKeptApart.isEmpty)
        #expect(throws: SeatingError.sameStudent(four[2].name)) {
            try ClassroomIntents.swapSeats(four[2].name, four[2].name, at: url)
        }
    }

    @Test("without a plan there is nothing to show; a damaged seats file is no plan, not a crash")
    func noPlan() throws {
        let folder = try TemporaryFolder()
        let url = folder.file()
        try StorageHandler.append([Self.students[0]], to: url)
        #expect(throws: SeatingError.noPlan) { try ClassroomIntents.seatingPlan(at: url) }
        #expect(SeatMap(text: Data("room 0 3\n".utf8)) == nil)
        #expect(SeatMap(text: Data("garbage".utf8)) == nil)
        let id = Self.students[0].id.uuidString
        let map = try #require(
            SeatMap(text: Data("room 2 2\nseat 1 1 \(id)\nseat 9 9 \(id)\nseat 2 2 \(id)\nx\n".utf8)))
        #expect(map.occupants.compactMap { $0 } == [Self.students[0].id])
        #expect(SeatMap(text: Data(map.text.utf8)) == map)
    }
}
