import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Nobody, or too few students, can be picked: the roster is empty, or everyone is skipped.
public struct PickError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How many students were asked for.
    public let requested: Int
    /// How many could be picked.
    public let available: Int
    /// The name of the student who passed (`again`), who cannot be picked straight back.
    public let passed: String?

    /// Nobody, or too few students, can be picked; `passed` names the student who passed.
    public init(requested: Int, available: Int, passed: String? = nil) {
        (self.requested, self.available, self.passed) = (requested, available, passed)
    }

    /// A sentence saying how many could be picked.
    public var description: String {
        if available == 0, let passed {
            return
                "Nobody else can be picked: \(VisibleText.of(passed)) passed and is the only student who can be."
        }
        return available == 0
            ? "Nobody can be picked: the roster is empty or every student is skipped."
            : "Only \(available) student\(available == 1 ? "" : "s") can be picked, not \(requested)."
    }
}
