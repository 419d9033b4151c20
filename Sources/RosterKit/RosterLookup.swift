import Foundation

/// Finds one student on a roster from what a person typed: a full id, an id prefix or a name.
///
/// A reference matches a student when it is the full id, a prefix of the id at least
/// ``minimumPrefixLength`` characters long (case-insensitive), or the whole name
/// (case-insensitive). It must match exactly one student.
public enum RosterLookup {
    /// The shortest id prefix accepted as a reference.
    public static let minimumPrefixLength = 4
    /// The shortest id prefix shown in listings.
    public static let minimumShortIDLength = 8

    /// Returns the index in `students` of the one student that `reference` picks out.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name.
    ///   - students: The roster to search.
    /// - Throws: ``LookupError`` when no student or several students match.
    public static func index(of reference: String, in students: [Student]) throws -> Int {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: wanted), let index = students.firstIndex(where: { $0.id == id }) {
            return index
        }
        let prefix = wanted.uppercased()
        let canBePrefix =
            prefix.count >= minimumPrefixLength && prefix.allSatisfy { $0.isHexDigit || $0 == "-" }
        let matches = students.indices.filter { index in
            let student = students[index]
            return (canBePrefix && student.id.uuidString.hasPrefix(prefix))
                || student.name.caseInsensitiveCompare(wanted) == .orderedSame
        }
        guard let first = matches.first else { throw LookupError.notFound(reference: reference) }
        guard matches.count == 1 else {
            let candidates = matches.map {
                "\(students[$0].id.uuidString.prefix(minimumShortIDLength)) \(students[$0].name)"
            }
            throw LookupError.ambiguous(reference: reference, candidates: candidates)
        }
        return first
    }

    /// The shortest prefix of each student's id, at least ``minimumShortIDLength`` characters,
    /// that no other student's id shares.
    ///
    /// - Parameter students: The roster.
    /// - Returns: A short id for every student, keyed by id.
    public static func shortIDs(for students: [Student]) -> [UUID: String] {
        let sorted = students.map { Array($0.id.uuidString.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var result: [UUID: String] = [:]
        result.reserveCapacity(sorted.count)
        for (position, id) in sorted.enumerated() {
            var length = minimumShortIDLength
            if position > 0 { length = max(length, commonPrefix(id, sorted[position - 1]) + 1) }
            if position + 1 < sorted.count {
                length = max(length, commonPrefix(id, sorted[position + 1]) + 1)
            }
            let text = String(decoding: id.prefix(length), as: UTF8.self)
            if let uuid = UUID(uuidString: String(decoding: id, as: UTF8.self)) { result[uuid] = text }
        }
        return result
    }

    private static func commonPrefix(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        zip(lhs, rhs).prefix { $0 == $1 }.count
    }
}
