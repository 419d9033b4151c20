import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Picking students to answer, fairly, across runs (see ``FairPicker``): a pick keeps the round
/// beside the roster and changes no student.
extension ClassroomIntents {
    /// Picks `count` students from the roster at `url`.
    ///
    /// - Parameters:
    ///   - count: How many to pick; one student is never picked twice in one call, so at most
    ///     as many as can be picked.
    ///   - skipped: References (see ``RosterLookup``) to students absent today: they are not
    ///     picked and keep their turn.
    ///   - reset: Whether to start a new round first.
    ///   - again: Whether to put the last pick back into the round and pick someone else: a
    ///     student who passes keeps their turn.
    ///   - absentOn: The day whose register's absent students are left out, keeping their turn;
    ///     `nil` to pick from everyone.
    ///   - url: The roster file.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes picks repeatable.
    ///   - announce: Shows the pick before the round is saved; throwing keeps the round as it
    ///     was, so that a student whose name could not be shown keeps their turn.
    /// - Returns: The students picked and how many are left in the round.
    /// - Throws: ``LookupError`` for a skipped reference that does not pick out one student,
    ///   ``PickError`` when nobody can be picked, ``StorageError`` when a file cannot be used.
    @discardableResult
    public static func pick(
        _ count: Int = 1, skipping skipped: [String] = [], reset: Bool = false, again: Bool = false,
        leavingOutAbsentOn absentOn: SchoolDay? = nil, at url: URL,
        using generator: inout some RandomNumberGenerator,
        announce: (FairPicker.Pick) throws -> Void = { _ in }
    ) throws -> FairPicker.Pick {
        // The roster is read under the lock that keeps the round, so a student removed a moment
        // ago is never picked.
        try StorageHandler.change(at: url) { current in
            let students = try current.classStudents()
            let leftOut = absentOn.map { AttendanceRegister.absent(in: students, on: $0) } ?? []
            var absent = Set(try skipped.map { students[try RosterLookup.index(of: $0, in: students)].id })
            absent.formUnion(leftOut.map(\.id))
            var round = reset ? FairPicker.Round() : FairPicker.Round(text: try current.read(.picks))
            round.keep(only: Set(students.map(\.id)))
            // A student who passes keeps their turn, and is not picked straight back.
            let passed = again ? round.putBackLast() : nil
            if let passed { absent.insert(passed) }
            let available = students.filter { !absent.contains($0.id) }
            guard available.count >= count, count >= 1 else {
                throw PickError(
                    requested: count, available: available.count,
                    passed: students.first { $0.id == passed }?.name)
            }
            var picked: [Student] = []
            for _ in 0..<count {
                picked.append(
                    round.next(
                        from: available, everyone: students, excluding: Set(picked.map(\.id)),
                        using: &generator))
            }
            let left = students.filter { !round.picked.contains($0.id) }.count
            let pick = FairPicker.Pick(students: picked, leftInRound: left, leftOut: leftOut)
            try announce(pick)
            return (.keepBeside(.picks, bytes: Array(round.text.utf8)), pick)
        }
    }
}
