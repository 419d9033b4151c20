/// When a student is on the class's watch list (see ``WatchList``): the class's own thresholds,
/// kept with its markbook, each change one undo step.
public struct WatchSettings: Sendable, Hashable, Codable {
    /// Missed lessons (absent or excused) in a row, up to the latest, that put a student on the
    /// list; 3 by default.
    public var absencesInARow = 3
    /// The attendance rate, as a percentage, under which a student is on the list; 90 by default,
    /// England's line for persistent absence.
    public var lowestRate = 90
    /// Pieces of work marked missing that put a student on the list; 2 by default.
    public var missingWork = 2
    /// Lates in the range that put a student on the list; 3 by default.
    public var lates = 3

    /// Each threshold by the name `roster watch --set` takes it under: the one table that the
    /// names, reading and setting come from.
    private static let thresholds: [(name: String, keyPath: WritableKeyPath<WatchSettings, Int> & Sendable)] =
        [
            ("absences", \.absencesInARow), ("rate", \.lowestRate), ("missing", \.missingWork),
            ("lates", \.lates),
        ]

    /// The thresholds' names, as `roster watch --set` takes them.
    public static let names = thresholds.map(\.name)

    /// What every threshold may be.
    public static let range = 1...100

    /// The thresholds roster starts with.
    public init() {}

    /// The threshold called `name` (one of ``names``), or `nil` for another name.
    public func value(_ name: String) -> Int? {
        Self.thresholds.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
    }

    /// Sets the threshold called `name` (one of ``names``) to `value`.
    ///
    /// - Throws: ``WatchSettingsError`` for a name that is not one, or a value out of ``range``.
    public mutating func set(_ name: String, to value: Int) throws(WatchSettingsError) {
        guard let threshold = Self.thresholds.first(where: { $0.name == name }) else {
            throw .unknown(name, known: Self.names)
        }
        guard Self.range.contains(value) else { throw .outOfRange(name, value, Self.range) }
        self[keyPath: threshold.keyPath] = value
    }

    /// What breaks the range, for a markbook read from a file; `nil` when nothing does.
    var problem: String? {
        Self.thresholds.first { !Self.range.contains(self[keyPath: $0.keyPath]) }.map {
            "a watch threshold '\($0.name)' out of range"
        }
    }
}

/// Why a watch threshold cannot be set.
public enum WatchSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No threshold has the name.
    case unknown(String, known: [String])
    /// The value is outside the threshold's range.
    case outOfRange(String, Int, ClosedRange<Int>)

    /// The reason in words, naming what may be given.
    public var description: String {
        switch self {
        case .unknown(let name, let known):
            "There is no watch threshold '\(VisibleText.of(name))'; the thresholds are \(known.joined(separator: ", "))."
        case .outOfRange(let name, let value, let range):
            "The watch threshold \(name) is \(value); it must be from \(range.lowerBound) to \(range.upperBound)."
        }
    }
}
