import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One change to a roster, as its history keeps it for undo and redo.
///
/// ``StorageHandler/history(at:)`` lists them, newest first; ``StorageHandler/undo(at:)`` and
/// ``StorageHandler/redo(at:)`` return the change they took back or made again.
public struct RosterChange: Sendable, Equatable {
    /// What made the change, such as `"add"` or `"delete-all"`; `"change"` for one made before
    /// roster kept a history.
    public let command: String
    /// When the change was made, to the second.
    public let date: Date
    /// How many students the roster had before the change.
    public let studentsBefore: Int
    /// How many students the change left.
    public let studentsAfter: Int
    /// Whether the change has been undone, so that ``StorageHandler/redo(at:)`` can make it again.
    public let isUndone: Bool
    /// What ties this change to its other half in another roster's history, for a change of two
    /// rosters such as a move, which is undone and redone as one; `nil` for a change of one.
    var link: String?
    /// What the change did, in words, as the command that made it described it: `absent Zoë
    /// Martin on 2026-11-30, lesson 2`, `import: 2 added, 1 changed, 1 leaving`; `nil` for a change
    /// that was not described, or was made before roster kept descriptions.
    public internal(set) var summary: String?

    /// Creates the description of a change.
    ///
    /// - Parameters:
    ///   - command: What made the change.
    ///   - date: When it was made.
    ///   - studentsBefore: The number of students before it.
    ///   - studentsAfter: The number of students after it.
    ///   - isUndone: Whether it has been undone.
    public init(command: String, date: Date, studentsBefore: Int, studentsAfter: Int, isUndone: Bool = false)
    {
        self.command = command
        self.date = date
        self.studentsBefore = studentsBefore
        self.studentsAfter = studentsAfter
        self.isUndone = isUndone
    }
}
