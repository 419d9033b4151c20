import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command saved to the roster, in words such as "Ada Lovelace was added": set once the
/// change is on disk, so that a failure to confirm it names the change instead of claiming that
/// nothing happened.
final class SavedChange {
    /// The change, or `nil` while nothing is saved.
    private(set) var description: String?

    /// Records that `description` is on disk.
    func record(_ description: String) { self.description = description }
}
