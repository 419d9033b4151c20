import RosterEngine

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

    /// The school's id of the student at `index`, if the school gave one.
    func schoolID(at index: Int) -> String?

    /// Whether the name of the student at `index` is the same name as `rule`'s.
    func name(at index: Int, isSameAs rule: SameName, folder: inout ScalarFolder) -> Bool
}

extension Array: SearchableRoster where Element == Student {
    func id(at index: Int) -> UUID {
        self[index].id
    }

    func name(at index: Int) -> String {
        self[index].name
    }

    func schoolID(at index: Int) -> String? {
        self[index].schoolID
    }

    func name(at index: Int, isSameAs rule: SameName, folder: inout ScalarFolder) -> Bool {
        rule.matches(self[index].name, folder: &folder)
    }
}

extension StoredRoster: SearchableRoster {
    /// A name stored as ASCII is compared on its bytes; any other is made into a `String` only
    /// when its length and first letter could match.
    func name(at index: Int, isSameAs rule: SameName, folder: inout ScalarFolder) -> Bool {
        let name = records[index].name
        guard rule.couldMatch(units: name.units) else { return false }
        let bytes = self.bytes(of: name)
        return (name.isUTF16 ? rule.couldMatch(utf16: bytes) : rule.matches(ascii: bytes))
            && (!name.isUTF16 || rule.matches(self.name(at: index), folder: &folder))
    }
}
