import Foundation
import Testing

@testable import RosterKit

/// Groups whose sizes differ by at most one, balanced and kept apart as asked.
@Suite("Making groups")
struct GroupMakerTests {
    static let students = (0..<30).map { index in
        Student(
            name: "S\(index)", age: 11 + index % 4, grade: index % 3 == 0 ? nil : 6 + index % 3,
            score: index % 7 == 0 ? nil : Double(40 + index * 2))
    }

    @Test(
        "every student in exactly one group, sizes within one",
        arguments: [
            GroupMaker.Sizing.size(4), .size(5), .size(30), .count(7), .count(30), .count(1),
        ])
    func sizes(sizing: GroupMaker.Sizing) throws {
        var random = SeededRandom(seed: 5)
        let groups = try GroupMaker.groups(of: Self.students, sizing: sizing, using: &random)
        let sizes = groups.map(\.count)
        let spread = (sizes.max() ?? 0) - (sizes.min() ?? 0)
        #expect(spread <= 1)
        if case .size(let size) = sizing {
            #expect(groups.count == max(1, Self.students.count / size))
            #expect(sizes.allSatisfy { $0 >= size || groups.count == 1 })
        }
        let placed: [String] = groups.flatMap { $0 }.map(\.id.uuidString).sorted()
        let everyone: [String] = Self.students.map(\.id.uuidString).sorted()
        #expect(placed == everyone)
        if case .count(let count) = sizing { #expect(groups.count == count) }
    }

    @Test(
        "balancing by score brings the groups' means close; students without a score are spread",
        arguments: [1, 2, 3])
    func balance(seed: UInt64) throws {
        let scored = (0..<24).map { Student(name: "S\($0)", age: 12, score: Double($0 * 4)) }
        let unscored = (0..<4).map { Student(name: "U\($0)", age: 12) }
        var random = SeededRandom(seed: seed)
        let groups = try GroupMaker.groups(
            of: scored + unscored, sizing: .count(4), balance: .score, using: &random)
        let spread = Self.meanSpread(groups)
        // Each group's mean within two points of the class's (scores 0 to 92, mean 46).
        #expect(Self.means(groups).allSatisfy { abs($0 - 46) <= 2 }, "\(Self.means(groups))")
        let unscoredPerGroup: [Int] = groups.map { group in group.filter { $0.score == nil }.count }
        #expect(unscoredPerGroup == [1, 1, 1, 1])
        var unbalanced = SeededRandom(seed: seed)
        let plain = try GroupMaker.groups(of: scored, sizing: .count(4), using: &unbalanced)
        #expect(Self.meanSpread(plain) > spread)
    }

    /// How far apart the groups' mean scores are.
    static func meanSpread(_ groups: [[Student]]) -> Double {
        let means = means(groups)
        return (means.max() ?? 0) - (means.min() ?? 0)
    }

    /// Each group's mean score.
    static func means(_ groups: [[Student]]) -> [Double] {
        groups.map { group in
            let scores: [Double] = group.compactMap(\.score)
            return scores.reduce(0, +) / Double(max(scores.count, 1))
        }
    }

    @Test("students kept apart land in different groups, whatever the seed", arguments: Array(UInt64(1)...20))
    func apart(seed: UInt64) throws {
        let apart = [
            [Self.students[0].id, Self.students[1].id, Self.students[2].id],
            [Self.students[3].id, Self.students[4].id],
        ]
        var random = SeededRandom(seed: seed)
        let groups = try GroupMaker.groups(
            of: Self.students, sizing: .count(3), balance: .score, apart: apart, using: &random)
        for set in apart {
            let together: [Int] = groups.map { group in group.filter { set.contains($0.id) }.count }
            #expect(together.allSatisfy { $0 <= 1 })
        }
        let sizes = groups.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test("impossible rules are refused with what cannot be done")
    func refused() throws {
        var random = SeededRandom(seed: 1)
        let three = Array(Self.students.prefix(3).map(\.id))
        #expect(throws: GroupingError.tooManyApart(["S0", "S1", "S2"], groups: 2)) {
            try GroupMaker.groups(of: Self.students, sizing: .count(2), apart: [three], using: &random)
        }
        #expect(throws: GroupingError.tooFewStudents(students: 30, groups: 31)) {
            try GroupMaker.groups(of: Self.students, sizing: .count(31), using: &random)
        }
        #expect(throws: GroupingError.noStudents) {
            try GroupMaker.groups(of: [], sizing: .size(4), using: &random)
        }
    }

    @Test("the same seed makes the same groups")
    func repeatable() throws {
        var first = SeededRandom(seed: 8)
        var second = SeededRandom(seed: 8)
        #expect(
            try GroupMaker.groups(of: Self.students, sizing: .size(4), using: &first)
                == GroupMaker.groups(of: Self.students, sizing: .size(4), using: &second))
    }
}

/// What the groups file remembers, and what it leaves out.
@Suite("Groups remembered")
struct GroupMemoryTests {
    @Test("the last five groupings are kept, most recent first; a hall's or a huge group's are not")
    func remembered() {
        var memory = GroupMemory(text: nil, keeping: [])
        let small = (0..<8).map { _ in [UUID(), UUID(), UUID()] }
        for _ in 0..<7 { memory.remember(small) }
        #expect(memory.recent.count == ClassGroups.rememberedGroupings)
        memory.remember([(0..<51).map { _ in UUID() }])
        memory.remember((0..<1_251).map { _ in (0..<4).map { _ in UUID() } })
        #expect(memory.recent.count == ClassGroups.rememberedGroupings && memory.recent[0] == small)
        let ids = Set(small.flatMap { $0 })
        let read = GroupMemory(text: Data(memory.text.utf8), keeping: ids)
        #expect(read.recent == memory.recent)
        let fewer = GroupMemory(text: Data(memory.text.utf8), keeping: Set(small[0]))
        #expect(fewer.recent.allSatisfy { $0.flatMap { $0 }.allSatisfy(Set(small[0]).contains) })
    }
}
