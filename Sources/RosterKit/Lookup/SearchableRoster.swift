#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What ``RosterLookup`` reads of a roster: a plain `[Student]`, or a ``StoredRoster`` whose names
/// are made into strings only when they might match.
protocol SearchableRoster {
    /// How many students there are.
    var count: Int { get }

    /// The id of the student at `index`.
    func id(at index: Int) -> UUID

    /// The name of the student at `index`.
    func name(at index: Int) -> String

    /// Whether the name of the student at `index` matches.
    func name(at index: Int, matches matcher: RosterLookup.NameMatcher) -> Bool
}

extension Array: SearchableRoster where Element == Student {
    func id(at index: Int) -> UUID {
        self[index].id
    }

    func name(at index: Int) -> String {
        self[index].name
    }

    func name(at index: Int, matches matcher: RosterLookup.NameMatcher) -> Bool {
        matcher.matches(self[index].name)
    }
}

extension StoredRoster: SearchableRoster {
    func name(at index: Int, matches matcher: RosterLookup.NameMatcher) -> Bool {
        let name = records[index].name
        return matcher.couldMatch(units: name.units, isASCII: name.isASCII)
            && matcher.matches(self.name(at: index))
    }
}
