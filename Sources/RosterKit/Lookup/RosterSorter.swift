import RosterEngine

/// Orders students for a listing: stable, with missing values last.
///
/// Sorting works on positions rather than on the students themselves, so a listing can be written
/// straight from the roster without copying 100,000 students into a new order first.
package enum RosterSorter {
    package static func sorted(_ students: [Student], by field: SortField, reversed: Bool) -> [Student] {
        sortedIndices(students, by: field, reversed: reversed).map { students[$0] }
    }

    /// The positions of `students` in listing order.
    package static func sortedIndices(_ students: [Student], by field: SortField, reversed: Bool) -> [Int] {
        switch field {
        case .added:
            return reversed ? students.indices.reversed() : Array(students.indices)
        case .name:
            return SortKeyTable(count: students.count) { students[$0].name }.sortedIndices(reversed: reversed)
        case .surname:
            let turned = students.map(bySurname)
            return SortKeyTable(count: turned.count) { turned[$0].name }.sortedIndices(reversed: reversed)
        case .age:
            // An age kept as written is no number: such students go last, as a missing grade does.
            guard students.contains(where: { $0.writtenAge != nil }) else {
                return order(students.indices, keys: students.map(\.age), reversed: reversed)
            }
            return orderWithMissingLast(
                keys: students.map { $0.writtenAge == nil ? $0.age : nil }, reversed: reversed)
        case .grade:
            return orderWithMissingLast(keys: students.map(\.grade), reversed: reversed)
        case .score:
            return orderWithMissingLast(keys: students.map(\.score), reversed: reversed)
        }
    }

    /// The positions of `students` in listing order and, `withShortIDs`, how many characters of
    /// each id tell it apart (see ``RosterLookup/shortIDLengths(for:)``); otherwise no lengths.
    ///
    /// Finding the short ids keeps one core busy about as long as sorting a large roster takes,
    /// so the two are worked out at once.
    package static func sortedIndices(
        _ students: [Student], by field: SortField, reversed: Bool, withShortIDs: Bool
    ) -> (order: [Int], shortIDLengths: [Int]) {
        ParallelWork.both(
            splitting: withShortIDs && students.count >= ParallelWork.worthSplitting,
            { sortedIndices(students, by: field, reversed: reversed) },
            { withShortIDs ? RosterLookup.shortIDLengths(for: students) : [] })
    }

    /// The student with the name turned round, "last first", to be ordered by name.
    private static func bySurname(_ student: Student) -> Student {
        var turned = student
        let words = student.name.split(separator: " ")
        let last = student.lastName ?? words.last.map(String.init) ?? student.name
        let first = student.firstName ?? words.dropLast().joined(separator: " ")
        turned.name = first.isEmpty ? last : last + " " + first
        return turned
    }

    private static func order<Key: Comparable>(_ positions: some Collection<Int>, keys: [Key], reversed: Bool)
        -> [Int]
    {
        positions.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return reversed ? keys[rhs] < keys[lhs] : keys[lhs] < keys[rhs] }
            return lhs < rhs
        }
    }

    private static func orderWithMissingLast<Key: Comparable>(keys: [Key?], reversed: Bool) -> [Int] {
        let present = keys.indices.filter { keys[$0] != nil }.sorted { lhs, rhs in
            guard let left = keys[lhs], let right = keys[rhs], left != right else { return lhs < rhs }
            return reversed ? right < left : left < right
        }
        return present + keys.indices.filter { keys[$0] == nil }
    }
}
