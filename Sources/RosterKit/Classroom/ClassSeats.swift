#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A class's seating plan, kept beside the roster in a private file, `.students.plist.seats`,
/// until it is made anew.
///
/// Like the groups of ``ClassGroups``, a plan changes no student and is not a change to undo.
/// Students who join the class after the plan was made are seated in its free seats, front first
/// and away from the students they are kept apart from; the seats of students who leave are
/// freed. ``ClassroomIntents/makeSeats(rows:columns:front:apart:at:using:)`` makes a plan;
/// ``ClassroomIntents/seatingPlan(at:)`` and ``ClassroomIntents/swapSeats(_:_:at:)`` say what
/// settling changed in what they return, and keep the settled plan.
public enum ClassSeats {
    /// A plan as it is shown, and what changed in it since it was last shown.
    public struct Shown: Sendable, Equatable {
        /// The plan.
        public let plan: SeatingPlan
        /// Students who joined the class since, now in seats that were free.
        public let seatedSince: [Student]
        /// Students who joined the class since and found no free seat.
        public let unseated: [Student]
        /// How many seats were freed by students who left the class since.
        public let freed: Int
        /// After a swap, the students kept apart (by `roster apart`) who sit side by side or one
        /// behind the other, as a swap can leave them, each pair once; empty otherwise.
        public let neighboursKeptApart: [[Student]]
    }
}
