/// One grouping being made by ``GroupMaker``: students (by position) in groups of fixed sizes,
/// and what the grouping costs against the rules.
///
/// The cost is, in falling order of weight: pairs that must be apart, how far each group's mean is
/// beyond the balance's tolerance (and students without a value beyond their fair share), and the
/// recent partners it brings together (the most recent grouping counting most). Swaps that do not
/// raise the cost are taken, so the grouping wanders at random among the groupings that keep every
/// rule as well as the first deal did. A swap's change of cost is worked out from the two students
/// alone, their apart sets and their recent partners, so a hall of 100,000 costs no more a swap
/// than a class of 30.
struct Grouping {
    private let students: [Student]
    private let sizes: [Int]
    private let balance: GroupMaker.Balance?
    private let values: [Double?]
    private let apartSets: [[Int]]
    /// For each student, the apart sets they are in.
    private let apartOf: [[Int]]
    /// For each student, the students they were grouped with recently and how much that weighs.
    private let partnersOf: [[(student: Int, weight: Double)]]
    private let classMean: Double
    private let tolerance: Double
    /// The most students without a value of the balance one group should hold.
    private let unvaluedShare: Int
    private(set) var groups: [[Int]] = []
    /// Each student's group.
    private var groupOf: [Int] = []
    /// Each group's sum and count of values, and count of students without one.
    private var sums: [Double] = []
    private var valued: [Int] = []
    private var unvalued: [Int] = []

    private static let apartWeight = 1_000_000.0
    private static let balanceWeight = 1_000.0

    init(
        students: [Student], sizes: [Int], balance: GroupMaker.Balance?, apart: [[Student.ID]],
        recent: [[[Student.ID]]]
    ) {
        self.students = students
        self.sizes = sizes
        let values = students.map { student in balance.flatMap { $0.value(of: student) } }
        self.values = values
        // A field nobody has is no balance at all.
        self.balance = values.contains { $0 != nil } ? balance : nil
        var position: [Student.ID: Int] = [:]
        for (index, student) in students.enumerated() { position[student.id] = index }
        let sets = apart.map { Array(Set($0.compactMap { position[$0] })) }.filter { $0.count > 1 }
        apartSets = sets
        var apartOf = [[Int]](repeating: [], count: students.count)
        for (number, set) in sets.enumerated() { for member in set { apartOf[member].append(number) } }
        self.apartOf = apartOf
        partnersOf = Self.partners(recent: recent, position: position, count: students.count)
        let known = values.compactMap { $0 }
        classMean = known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
        tolerance = Self.tolerance(of: known, sizes: sizes, mean: classMean)
        unvaluedShare = (values.count - known.count + sizes.count - 1) / sizes.count
    }

    /// Each student's recent partners, weighed 5 for the most recent grouping down to 1.
    private static func partners(recent: [[[Student.ID]]], position: [Student.ID: Int], count: Int)
        -> [[(student: Int, weight: Double)]]
    {
        // A partner met in two groupings is listed twice, which weighs the same as adding the two.
        var partners = [[(student: Int, weight: Double)]](repeating: [], count: count)
        for (age, grouping) in recent.prefix(5).enumerated() {
            for group in grouping where group.count <= ClassGroups.largestRememberedGroup {
                let members = group.compactMap { position[$0] }
                for one in members {
                    for other in members where other != one { partners[one].append((other, Double(5 - age))) }
                }
            }
        }
        return partners
    }

    /// How far a group's mean may stray from the class's: as far as a snake draft (1, 2, 3, 3,
    /// 2, 1, …) from the highest value down strays, and at least a fiftieth of the values' range.
    private static func tolerance(of values: [Double], sizes: [Int], mean: Double) -> Double {
        guard let highest = values.max(), let lowest = values.min() else { return 0 }
        var sums = [Double](repeating: 0, count: sizes.count)
        var counts = [Int](repeating: 0, count: sizes.count)
        for (position, value) in values.sorted(by: >).enumerated() {
            let round = position / sizes.count
            let slot = position % sizes.count
            let group = round % 2 == 0 ? slot : sizes.count - 1 - slot
            sums[group] += value
            counts[group] += 1
        }
        let worst = zip(sums, counts).filter { $0.1 > 0 }.map { abs($0.0 / Double($0.1) - mean) }.max() ?? 0
        return max(worst, (highest - lowest) / 50)
    }

    /// A first grouping: students dealt to the groups with room, in a random order of groups each
    /// time round; with a balance, from the highest value down, so each group takes one student of
    /// each band of values.
    mutating func deal(using generator: inout some RandomNumberGenerator) {
        var order = Array(students.indices).shuffled(using: &generator)
        if balance != nil {
            let valuedOrder = order.filter { values[$0] != nil }.sorted {
                (values[$0] ?? 0) > (values[$1] ?? 0)
            }
            order = valuedOrder + order.filter { values[$0] == nil }
        }
        groups = sizes.map { _ in [] }
        groupOf = [Int](repeating: 0, count: students.count)
        var room = sizes
        var next = 0
        while next < order.count {
            for group in groups.indices.filter({ room[$0] > 0 }).shuffled(using: &generator)
            where next < order.count {
                groups[group].append(order[next])
                groupOf[order[next]] = group
                room[group] -= 1
                next += 1
            }
        }
        sums = [Double](repeating: 0, count: groups.count)
        valued = [Int](repeating: 0, count: groups.count)
        unvalued = [Int](repeating: 0, count: groups.count)
        for (student, group) in groupOf.enumerated() { move(student, by: 1, in: group) }
    }

    /// Tries `swaps` random swaps of two students of different groups, taking each that does not
    /// raise the cost.
    mutating func improve(swaps: Int, using generator: inout some RandomNumberGenerator) {
        let hasPairs = !apartSets.isEmpty || partnersOf.contains { !$0.isEmpty }
        guard groups.count > 1, balance != nil || hasPairs else { return }
        // A deal that keeps every rule already is as random as the rules allow.
        guard
            groups.indices.contains(where: { groupCost($0) > 0 })
                || students.indices.contains(where: { pairCost($0, in: groupOf[$0], without: $0) > 0 })
        else { return }
        for _ in 0..<min(swaps, 400_000) {
            let first = Int.random(in: 0..<groups.count, using: &generator)
            var second = Int.random(in: 0..<(groups.count - 1), using: &generator)
            if second >= first { second += 1 }
            let one = Int.random(in: 0..<groups[first].count, using: &generator)
            let other = Int.random(in: 0..<groups[second].count, using: &generator)
            let (student, partner) = (groups[first][one], groups[second][other])
            var delta = 0.0
            if hasPairs {
                delta +=
                    pairCost(student, in: second, without: partner)
                    - pairCost(student, in: first, without: student)
                delta +=
                    pairCost(partner, in: first, without: student)
                    - pairCost(partner, in: second, without: partner)
            }
            if balance != nil {
                let before = groupCost(first) + groupCost(second)
                swapCounts(student, first, partner, second)
                delta += groupCost(first) + groupCost(second) - before
                guard delta <= 1e-9 else {
                    swapCounts(partner, first, student, second)
                    continue
                }
            } else if delta > 1e-9 {
                continue
            }
            (groups[first][one], groups[second][other]) = (partner, student)
            (groupOf[student], groupOf[partner]) = (second, first)
        }
    }

    /// An apart set two of whose students share a group, by their ids.
    func brokenApartSet() -> [Student.ID]? {
        for set in apartSets {
            let groupsOfSet = set.map { groupOf[$0] }
            if Set(groupsOfSet).count < set.count { return set.map { students[$0].id } }
        }
        return nil
    }

    /// What `student` costs in `group`, beside everyone there but `leaving`: the apart sets they
    /// share and the recent partners they meet.
    private func pairCost(_ student: Int, in group: Int, without leaving: Int) -> Double {
        var cost = 0.0
        for set in apartOf[student] {
            for member in apartSets[set]
            where member != student && member != leaving && groupOf[member] == group {
                cost += Self.apartWeight
            }
        }
        for (partner, weight) in partnersOf[student]
        where partner != leaving && partner != student && groupOf[partner] == group {
            cost += weight
        }
        return cost
    }

    /// What a group's balance costs: its mean beyond the tolerance, and students without a value
    /// beyond their share.
    private func groupCost(_ group: Int) -> Double {
        var cost = Double(max(0, unvalued[group] - unvaluedShare)) * Self.balanceWeight
        if valued[group] > 0 {
            let mean = sums[group] / Double(valued[group])
            cost += max(0, abs(mean - classMean) - tolerance) * Self.balanceWeight
        }
        return cost
    }

    /// Counts `student` in (`by` 1) or out of (-1) `group`'s sums.
    private mutating func move(_ student: Int, by step: Int, in group: Int) {
        if let value = values[student] {
            sums[group] += Double(step) * value
            valued[group] += step
        } else {
            unvalued[group] += step
        }
    }

    /// Moves `one` from `first` to `second` and `other` from `second` to `first` in the sums.
    private mutating func swapCounts(_ one: Int, _ first: Int, _ other: Int, _ second: Int) {
        move(one, by: -1, in: first)
        move(one, by: 1, in: second)
        move(other, by: -1, in: second)
        move(other, by: 1, in: first)
    }
}
