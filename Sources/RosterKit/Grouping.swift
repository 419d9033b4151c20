/// One grouping being made by ``GroupMaker``: students (by position) in groups of fixed sizes,
/// and what each group costs against the rules.
///
/// A group's cost is, in falling order of weight: pairs that must be apart, how far its mean is
/// beyond the balance's tolerance, and the recent partners it brings together (the most recent
/// grouping counting most). Swaps that do not raise the cost are taken, so the grouping wanders at
/// random among the groupings that keep every rule as well as the first deal did.
struct Grouping {
    private let students: [Student]
    private let sizes: [Int]
    private let balance: GroupMaker.Balance?
    private let values: [Double?]
    private let apartSets: [[Int]]
    /// For each student, the apart sets they are in.
    private let apartOf: [[Int]]
    /// How much each pair of students who were together recently weighs, by ``pairKey(_:_:)``.
    private let partners: [UInt64: Double]
    private let classMean: Double
    private let tolerance: Double
    /// The most students without a value of the balance one group should hold.
    private let unvaluedShare: Int
    private(set) var groups: [[Int]] = []

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
        var partners: [UInt64: Double] = [:]
        for (age, grouping) in recent.prefix(5).enumerated() {
            for group in grouping {
                let members = group.compactMap { position[$0] }
                for (first, one) in members.enumerated() {
                    for other in members[(first + 1)...] {
                        partners[Self.pairKey(one, other), default: 0] += Double(5 - age)
                    }
                }
            }
        }
        self.partners = partners
        let known = values.compactMap { $0 }
        classMean = known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
        tolerance = Self.tolerance(of: known, sizes: sizes, mean: classMean)
        let unvalued = values.count - known.count
        unvaluedShare = (unvalued + sizes.count - 1) / sizes.count
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
            let valued = order.filter { values[$0] != nil }.sorted { (values[$0] ?? 0) > (values[$1] ?? 0) }
            order = valued + order.filter { values[$0] == nil }
        }
        groups = sizes.map { _ in [] }
        var room = sizes
        var next = 0
        while next < order.count {
            for group in groups.indices.filter({ room[$0] > 0 }).shuffled(using: &generator)
            where next < order.count {
                groups[group].append(order[next])
                room[group] -= 1
                next += 1
            }
        }
    }

    /// Tries `swaps` random swaps of two students of different groups, taking each that does not
    /// raise the cost.
    mutating func improve(swaps: Int, using generator: inout some RandomNumberGenerator) {
        guard groups.count > 1, balance != nil || !apartSets.isEmpty || !partners.isEmpty else { return }
        var costs = groups.map(cost)
        for _ in 0..<min(swaps, 400_000) {
            let first = Int.random(in: 0..<groups.count, using: &generator)
            var second = Int.random(in: 0..<(groups.count - 1), using: &generator)
            if second >= first { second += 1 }
            let (one, other) = (
                Int.random(in: 0..<groups[first].count, using: &generator),
                Int.random(in: 0..<groups[second].count, using: &generator)
            )
            var (newFirst, newSecond) = (groups[first], groups[second])
            (newFirst[one], newSecond[other]) = (groups[second][other], groups[first][one])
            let (firstCost, secondCost) = (cost(newFirst), cost(newSecond))
            guard firstCost + secondCost <= costs[first] + costs[second] + 1e-9 else { continue }
            (groups[first], groups[second]) = (newFirst, newSecond)
            (costs[first], costs[second]) = (firstCost, secondCost)
        }
    }

    /// An apart set two of whose students share a group, by their ids.
    func brokenApartSet() -> [Student.ID]? {
        for group in groups {
            for (first, one) in group.enumerated() {
                for other in group[(first + 1)...] {
                    if let set = apartOf[one].first(where: { apartOf[other].contains($0) }) {
                        return apartSets[set].map { students[$0].id }
                    }
                }
            }
        }
        return nil
    }

    /// What a group of these students costs against the rules.
    private func cost(_ group: [Int]) -> Double {
        var cost = 0.0
        for (first, one) in group.enumerated() {
            for other in group[(first + 1)...] {
                if !apartOf[one].isEmpty, apartOf[one].contains(where: { apartOf[other].contains($0) }) {
                    cost += Self.apartWeight
                }
                cost += partners[Self.pairKey(one, other)] ?? 0
            }
        }
        if balance != nil {
            let known = group.compactMap { values[$0] }
            if !known.isEmpty {
                let mean = known.reduce(0, +) / Double(known.count)
                cost += max(0, abs(mean - classMean) - tolerance) * Self.balanceWeight
            }
            // Students without a value are shared out evenly too.
            cost += Double(max(0, group.count - known.count - unvaluedShare)) * Self.balanceWeight
        }
        return cost
    }

    /// One number for a pair of positions, whichever comes first.
    private static func pairKey(_ one: Int, _ other: Int) -> UInt64 {
        UInt64(min(one, other)) << 32 | UInt64(max(one, other))
    }
}
