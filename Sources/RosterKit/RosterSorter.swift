/// Orders students for a listing: stable, with missing values last.
enum RosterSorter {
    static func sorted(_ students: [Student], by field: SortField, reversed: Bool) -> [Student] {
        switch field {
        case .added:
            return reversed ? students.reversed() : students
        case .name:
            var folder = ScalarFolder()
            let keys = students.map { NameSortKey($0.name, folder: &folder) }
            return order(students, keys: keys, reversed: reversed)
        case .age:
            return order(students, keys: students.map(\.age), reversed: reversed)
        case .grade:
            return orderWithMissingLast(students, keys: students.map(\.grade), reversed: reversed)
        case .score:
            return orderWithMissingLast(students, keys: students.map(\.score), reversed: reversed)
        }
    }

    private static func order<Key: Comparable>(_ students: [Student], keys: [Key], reversed: Bool)
        -> [Student]
    {
        let indices = students.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return reversed ? keys[rhs] < keys[lhs] : keys[lhs] < keys[rhs] }
            return lhs < rhs
        }
        return indices.map { students[$0] }
    }

    private static func orderWithMissingLast<Key: Comparable>(
        _ students: [Student], keys: [Key?], reversed: Bool
    ) -> [Student] {
        let present = students.indices.filter { keys[$0] != nil }
        let missing = students.indices.filter { keys[$0] == nil }
        let presentKeys = present.compactMap { keys[$0] }
        let ordered = order(present.map { students[$0] }, keys: presentKeys, reversed: reversed)
        return ordered + missing.map { students[$0] }
    }
}
