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

    /// Throws when any of `added` has the id of one of `existing`.
    ///
    /// The smaller side goes into a set, so adding one student to a large roster, or importing a
    /// large file into a small roster, hashes few ids.
    static func check(_ added: [Student], against existing: [UUID]) throws {
        guard !added.isEmpty, !existing.isEmpty else { return }
        let taken: Set<UUID>
        if existing.count <= added.count {
            let existingIDs = Set(existing)
            taken = Set(added.lazy.map(\.id).filter { existingIDs.contains($0) })
        } else {
            let addedIDs = Set(added.lazy.map(\.id))
            taken = Set(existing.lazy.filter { addedIDs.contains($0) })
        }
        guard !taken.isEmpty else { return }
        throw AppendConflict(ids: added.map(\.id).filter { taken.contains($0) })
    }
}
