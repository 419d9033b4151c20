import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Picks students to answer, fairly: nobody is picked a second time until everyone has been
/// picked once, across runs, and a new round never starts with the student picked last.
///
/// The round is kept beside the roster in a private file, `.students.plist.picks`, which holds
/// the ids picked so far in this round; a pick changes no student and is not a change to undo.
/// Students added meanwhile join the current round; removed ones leave it. A pick is made by
/// ``ClassroomIntents/pick(_:skipping:reset:again:leavingOutAbsentOn:at:using:announce:)``.
public enum FairPicker {
    /// What one pick gives.
    public struct Pick: Sendable, Equatable {
        /// The students picked, in the order they were picked.
        public let students: [Student]
        /// How many students are still to be picked in the round now under way.
        public let leftInRound: Int
        /// The students left out because today's register has them absent, in roster order.
        public var leftOut: [Student] = []
    }

    /// The ids picked so far in the round, the one picked last, and the students still owed a
    /// turn from an earlier round, which they missed by being skipped.
    struct Round {
        private(set) var picked: Set<UUID> = []
        private(set) var last: UUID?
        private(set) var owed: Set<UUID> = []

        init() {}

        /// The round a picks file describes: `last <id>` and one picked id a line.
        init(text data: Data?) {
            guard let data else { return }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if line.hasPrefix("last "), let id = UUID(uuidString: String(line.dropFirst(5))) {
                    last = id
                } else if line.hasPrefix("owed "), let id = UUID(uuidString: String(line.dropFirst(5))) {
                    owed.insert(id)
                } else if let id = UUID(uuidString: String(line)) {
                    picked.insert(id)
                }
            }
        }

        var text: String {
            (last.map { ["last \($0.uuidString)\n"] } ?? []).joined()
                + owed.map { "owed \($0.uuidString)\n" }.sorted().joined()
                + picked.map(\.uuidString).sorted().map { $0 + "\n" }.joined()
        }

        /// Puts the student picked last back into the round, as if not picked; returns them.
        mutating func putBackLast() -> UUID? {
            guard let last, picked.contains(last) else { return nil }
            picked.remove(last)
            return last
        }

        /// Forgets students who are no longer on the roster.
        mutating func keep(only ids: Set<UUID>) {
            picked.formIntersection(ids)
            owed.formIntersection(ids)
        }

        /// Picks one of `available` not picked yet in this round, never one of `excluding`.
        ///
        /// Students owed a turn come first. When every available student has been picked, a new
        /// round starts, not with the last pick when there are others; students of `everyone`
        /// who were skipped before their turn are owed one in the new round.
        mutating func next(
            from available: [Student], everyone: [Student], excluding: Set<UUID>,
            using generator: inout some RandomNumberGenerator
        ) -> Student {
            var candidates = available.filter { !picked.contains($0.id) && !excluding.contains($0.id) }
            if candidates.isEmpty {
                let pickedBefore = picked
                owed.formUnion(
                    everyone.map(\.id).filter { !pickedBefore.contains($0) && !excluding.contains($0) })
                picked = []
                candidates = available.filter { !excluding.contains($0.id) }
                if candidates.count > 1 { candidates.removeAll { $0.id == last } }
            }
            let owedNow = candidates.filter { owed.contains($0.id) }
            if !owedNow.isEmpty { candidates = owedNow }
            let choice = candidates[Int.random(in: 0..<candidates.count, using: &generator)]
            picked.insert(choice.id)
            owed.remove(choice.id)
            last = choice.id
            return choice
        }
    }
}
