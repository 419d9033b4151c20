/// Splits a class into groups: sizes that differ by at most one, every student in exactly one
/// group, balanced by score, grade or age when asked, with students who must work apart kept in
/// different groups.
public enum GroupMaker {
    /// How many groups to make.
    public enum Sizing: Sendable, Equatable {
        /// Groups of at most this many students, as few groups as that allows.
        case size(Int)
        /// Exactly this many groups.
        case count(Int)
    }

    /// A field whose values the groups should share out evenly.
    public enum Balance: String, Sendable, CaseIterable {
        case score, grade, age
    }

    /// The groups, each a list of students.
    ///
    /// Students are shuffled, then dealt in turn. With a balance they are dealt as a snake draft
    /// (1, 2, 3, 3, 2, 1, …) from the highest value down, so each group's mean is as close as
    /// such a draft gets it; students without a value are dealt last, evenly. Then each pair of
    /// students in one of `apart` that share a group is split by swapping one of them with the
    /// closest student of another group.
    ///
    /// - Parameters:
    ///   - students: The students to split.
    ///   - sizing: How many groups.
    ///   - balance: The field to balance, if any.
    ///   - apart: Sets of students (by id) who must be in different groups.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes groups repeatable.
    /// - Throws: ``GroupingError`` when the groups cannot be made.
    public static func groups(
        of students: [Student], sizing: Sizing, balance: Balance? = nil, apart: [[Student.ID]] = [],
        using generator: inout some RandomNumberGenerator
    ) throws -> [[Student]] {
        let count = try groupCount(for: students.count, sizing: sizing)
        if let crowded = apart.first(where: { Set($0).count > count }) {
            throw GroupingError.tooManyApart(names(crowded, in: students), groups: count)
        }
        var order = students.shuffled(using: &generator)
        var unvalued: [Student] = []
        if let balance {
            unvalued = order.filter { value(of: $0, balance) == nil }
            order = order.filter { value(of: $0, balance) != nil }
            order.sort { (value(of: $0, balance) ?? 0) > (value(of: $1, balance) ?? 0) }
        }
        var groups = [[Student]](repeating: [], count: count)
        for (position, student) in order.enumerated() {
            let round = position / count
            let slot = position % count
            groups[balance == nil || round % 2 == 0 ? slot : count - 1 - slot].append(student)
        }
        for student in unvalued {
            let smallest = groups.indices.min { groups[$0].count < groups[$1].count } ?? 0
            groups[smallest].append(student)
        }
        try separate(&groups, apart: apart.map(Set.init), balance: balance, students: students)
        return groups
    }

    private static func groupCount(for students: Int, sizing: Sizing) throws -> Int {
        switch sizing {
        case .size(let size):
            guard size >= 1 else { throw GroupingError.badSizing }
            guard students > 0 else { throw GroupingError.noStudents }
            return (students + size - 1) / size
        case .count(let count):
            guard count >= 1 else { throw GroupingError.badSizing }
            guard count <= students else {
                throw GroupingError.tooFewStudents(students: students, groups: count)
            }
            return count
        }
    }

    /// Swaps students until no group holds two of one `apart` set; each swap moves one of the
    /// pair to another group in exchange for the student there whose value is closest.
    private static func separate(
        _ groups: inout [[Student]], apart: [Set<Student.ID>], balance: Balance?, students: [Student]
    ) throws {
        for set in apart {
            for _ in 0..<(set.count * groups.count) {
                guard let (groupIndex, member) = firstClash(of: set, in: groups) else { break }
                let target = groups.indices.first { other in
                    other != groupIndex && !groups[other].contains { set.contains($0.id) }
                        && groups[other].contains { partner in
                            !clashes(partner, joining: groups[groupIndex], without: member, apart: apart)
                                && !clashes(member, joining: groups[other], without: partner, apart: apart)
                        }
                }
                guard let target else { throw GroupingError.cannotKeepApart(names(Array(set), in: students)) }
                let partners = groups[target].indices.filter { index in
                    !clashes(
                        groups[target][index], joining: groups[groupIndex], without: member, apart: apart)
                        && !clashes(
                            member, joining: groups[target], without: groups[target][index], apart: apart)
                }
                let memberValue = balance.flatMap { value(of: member, $0) } ?? 0
                let partner =
                    partners.min { first, second in
                        abs((balance.flatMap { value(of: groups[target][first], $0) } ?? 0) - memberValue)
                            < abs(
                                (balance.flatMap { value(of: groups[target][second], $0) } ?? 0) - memberValue
                            )
                    } ?? partners[0]
                let memberIndex = groups[groupIndex].firstIndex { $0.id == member.id } ?? 0
                (groups[groupIndex][memberIndex], groups[target][partner]) =
                    (groups[target][partner], groups[groupIndex][memberIndex])
            }
            if firstClash(of: set, in: groups) != nil {
                throw GroupingError.cannotKeepApart(names(Array(set), in: students))
            }
        }
    }

    /// A group that holds two students of `set`, and the second of them.
    private static func firstClash(of set: Set<Student.ID>, in groups: [[Student]]) -> (Int, Student)? {
        for (index, group) in groups.enumerated() {
            let members = group.filter { set.contains($0.id) }
            if members.count > 1 { return (index, members[1]) }
        }
        return nil
    }

    /// Whether `student` would share `group` (with `leaving` gone) with someone kept apart from them.
    private static func clashes(
        _ student: Student, joining group: [Student], without leaving: Student, apart: [Set<Student.ID>]
    ) -> Bool {
        apart.contains { set in
            set.contains(student.id) && group.contains { $0.id != leaving.id && set.contains($0.id) }
        }
    }

    private static func value(of student: Student, _ balance: Balance) -> Double? {
        switch balance {
        case .score: return student.score
        case .grade: return student.grade.map(Double.init)
        case .age: return Double(student.age)
        }
    }

    /// The names of the students `ids` names, in roster order.
    private static func names(_ ids: [Student.ID], in students: [Student]) -> [String] {
        let wanted = Set(ids)
        return students.filter { wanted.contains($0.id) }.map(\.name)
    }
}

/// Why groups could not be made.
public enum GroupingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size or count below 1.
    case badSizing
    /// Nobody to put in groups.
    case noStudents
    /// More groups than students.
    case tooFewStudents(students: Int, groups: Int)
    /// More students to keep apart than there are groups.
    case tooManyApart([String], groups: Int)
    /// Students to keep apart could not all be put in different groups.
    case cannotKeepApart([String])

    /// A sentence saying what could not be done.
    public var description: String {
        switch self {
        case .badSizing: return "A group needs at least one student, and there must be at least one group."
        case .noStudents: return "There is nobody to put in groups."
        case .tooFewStudents(let students, let groups):
            return "\(groups) groups need at least \(groups) students, and there are \(students)."
        case .tooManyApart(let names, let groups):
            return "\(names.joined(separator: ", ")) cannot all be in different groups when there are only "
                + "\(groups) groups."
        case .cannotKeepApart(let names):
            return
                "\(names.joined(separator: ", ")) cannot all be kept in different groups with the other rules."
        }
    }
}
