#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Picking, groups and seats as a screen asks for them: each action calls the intent of
/// ``ClassroomIntents`` it names, off the main actor. None changes a student, so ``students`` is
/// only read again; a `seed` makes the result repeatable (see ``SeededRandom``).
extension RosterViewModel {
    /// Picks `count` students to answer, fairly across runs; see
    /// ``ClassroomIntents/pick(_:skipping:reset:again:leavingOutAbsentOn:at:using:announce:)``.
    ///
    /// - Returns: The students picked and how many are left in the round.
    /// - Throws: ``LookupError``, ``PickError`` when nobody can be picked, ``StorageError``.
    @discardableResult
    public func pick(
        _ count: Int = 1, skipping skipped: [String] = [], again: Bool = false,
        leavingOutAbsentOn day: SchoolDay? = .today(), seed: UInt64? = nil
    ) async throws -> FairPicker.Pick {
        try await commit { url in
            var generator = ChosenRandom(seed: seed)
            return try ClassroomIntents.pick(
                count, skipping: skipped, again: again, leavingOutAbsentOn: day, at: url, using: &generator)
        }
    }

    /// Makes groups, keeping the class's apart sets and avoiding recent partners; see
    /// ``ClassroomIntents/makeGroups(_:balance:apart:skipping:includeAbsent:ignoreHistory:today:at:using:)``.
    ///
    /// - Returns: The groups and the students left out as absent.
    /// - Throws: ``LookupError``, ``GroupingError`` or ``StorageError``.
    public func makeGroups(
        _ sizing: GroupMaker.Sizing, balance: GroupMaker.Balance? = nil, skipping skipped: [String] = [],
        seed: UInt64? = nil
    ) async throws -> ClassGroups.Made {
        try await commit { url in
            var generator = ChosenRandom(seed: seed)
            return try ClassroomIntents.makeGroups(
                sizing, balance: balance, skipping: skipped, at: url, using: &generator)
        }
    }

    /// Keeps students apart in every later grouping and plan; see
    /// ``ClassroomIntents/keepApart(_:at:)``.
    ///
    /// - Returns: The students, each once.
    /// - Throws: ``LookupError``, ``GroupingError`` or ``StorageError``.
    @discardableResult
    public func keepApart(_ references: [String]) async throws -> [Student] {
        try await commit { try ClassroomIntents.keepApart(references, at: $0) }
    }

    /// Forgets every apart set of the class; see ``ClassroomIntents/clearApart(at:)``.
    ///
    /// - Returns: How many there were.
    /// - Throws: ``StorageError``.
    @discardableResult
    public func clearApart() async throws -> Int {
        try await commit { try ClassroomIntents.clearApart(at: $0) }
    }

    /// Makes and keeps a seating plan for a room `rows` by `columns`; see
    /// ``ClassroomIntents/makeSeats(rows:columns:front:apart:at:using:)``.
    ///
    /// - Returns: The plan.
    /// - Throws: ``LookupError``, ``SeatingError`` or ``StorageError``; the plan kept before stays.
    public func makeSeats(rows: Int, columns: Int, front: [String] = [], seed: UInt64? = nil) async throws
        -> ClassSeats.Shown
    {
        try await commit { url in
            var generator = ChosenRandom(seed: seed)
            return try ClassroomIntents.makeSeats(
                rows: rows, columns: columns, front: front, at: url, using: &generator)
        }
    }

    /// The kept seating plan, settled with the class as it is now; see
    /// ``ClassroomIntents/seatingPlan(at:)``.
    ///
    /// - Returns: The plan and what settling changed.
    /// - Throws: ``SeatingError/noPlan`` when none is kept, or ``StorageError``.
    public func seatingPlan() async throws -> ClassSeats.Shown {
        try await commit { try ClassroomIntents.seatingPlan(at: $0) }
    }

    /// Swaps two students' seats in the kept plan; see ``ClassroomIntents/swapSeats(_:_:at:)``.
    ///
    /// - Returns: The plan after the swap.
    /// - Throws: ``LookupError``, ``SeatingError`` or ``StorageError``; the plan stays as it was.
    @discardableResult
    public func swapSeats(_ one: String, _ other: String) async throws -> ClassSeats.Shown {
        try await commit { try ClassroomIntents.swapSeats(one, other, at: $0) }
    }
}

/// The seeded generator when a seed was given, else the system's.
private struct ChosenRandom: RandomNumberGenerator {
    private var seeded: SeededRandom?
    private var system = SystemRandomNumberGenerator()

    init(seed: UInt64?) {
        seeded = seed.map { SeededRandom(seed: $0) }
    }

    mutating func next() -> UInt64 {
        guard var generator = seeded else { return system.next() }
        defer { seeded = generator }
        return generator.next()
    }
}
