import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Students being added whose ids are already on the roster; nothing was written.
public struct AppendConflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ids that are on the roster already, in the order they were being added.
    public let ids: [UUID]

    /// A sentence naming the first id.
    public var description: String {
        let first = ids.first.map { "\($0)" } ?? "?"
        let more = ids.count > 1 ? " and \(ids.count - 1) more" : ""
        return "The id \(first)\(more) is already on the roster; nothing was added."
    }
}
