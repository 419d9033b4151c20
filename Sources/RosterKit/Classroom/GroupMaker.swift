/// Splits a class into groups: every student in exactly one group, groups of the size asked for,
/// balanced by score, grade or age when asked, students who must work apart in different groups,
/// and, as far as those rules allow, nobody with the partners of their recent groups.
///
/// Random within those rules: a first grouping is dealt at random (with a balance, one student of
/// each band of values to each group, in random order), then improved by random swaps that never
/// break a rule and never bring back a recent partner more than they split one.
public enum GroupMaker {
    /// How many groups to make.
    public enum Sizing: Sendable, Equatable {
        /// Groups of this many students; students left over join some groups, one each, so no
        /// group is smaller (28 by 3 is eight groups of 3 and one of 4).
        case size(Int)
        /// Exactly this many groups, whose sizes differ by at most one.
        case count(Int)
    }

    /// A field whose values the groups should share out evenly.
    public enum Balance: String, Sendable, CaseIterable {
        case score, grade, age
        /// The overall result in the class's markbook (see ``MarkbookCalculator``), which
        /// ``ClassGroups`` works out before the groups are made: a student alone has none.
        case result

        /// The student's value of the field, if they have one.
        public func value(of student: Student) -> Double? {
            switch self {
            case .score: return student.score
            case .result: return nil
            case .grade: return student.grade.map(Double.init)
            case .age: return student.writtenAge == nil ? Double(student.age) : nil
            }
        }
    }

    /// How many swaps are tried for each student: enough to settle a class, few enough for a hall.
    private static let swapsPerStudent = 200

    /// The groups, each a list of students.
    ///
    /// - Parameters:
    ///   - students: The students to split.
    ///   - sizing: How many groups.
    ///   - balance: The field to balance, if any; students without a value are shared out evenly.
    ///   - apart: Sets of students (by id) who must be in different groups.
    ///   - recent: Earlier groupings, most recent first, each a list of groups of ids: students
    ///     together in them are kept apart as far as the other rules allow, the most recent most.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes groups repeatable.
    /// - Throws: ``GroupingError`` when the groups cannot be made.
    public static func groups(
        of students: [Student], sizing: Sizing, balance: Balance? = nil, apart: [[Student.ID]] = [],
        recent: [[[Student.ID]]] = [], using generator: inout some RandomNumberGenerator
    ) throws -> [[Student]] {
        let sizes = try groupSizes(for: students.count, sizing: sizing)
        if let crowded = apart.first(where: { Set($0).count > sizes.count }) {
            throw GroupingError.tooManyApart(names(crowded, in: students), groups: sizes.count)
        }
        var grouping = Grouping(
            students: students, sizes: sizes, balance: balance, apart: apart, recent: recent)
        // The many swaps draw from a generator seeded by the one given, which may ask the system
        // for every number.
        var swaps = SeededRandom(seed: generator.next())
        grouping.deal(using: &swaps)
        grouping.improve(swaps: swapsPerStudent * students.count, using: &swaps)
        if let broken = grouping.brokenApartSet() {
            throw GroupingError.cannotKeepApart(names(broken, in: students))
        }
        return grouping.groups.map { $0.map { students[$0] } }
    }

    /// The size of each group: `count` groups as even as can be, or groups of `size` with the
    /// students left over added one each to the first groups.
    static func groupSizes(for students: Int, sizing: Sizing) throws -> [Int] {
        let count: Int
        switch sizing {
        case .size(let size):
            guard size >= 1 else { throw GroupingError.badSizing }
            guard students > 0 else { throw GroupingError.noStudents }
            count = max(1, students / size)
        case .count(let groups):
            guard groups >= 1 else { throw GroupingError.badSizing }
            guard groups <= students else {
                throw GroupingError.tooFewStudents(students: students, groups: groups)
            }
            count = groups
        }
        return (0..<count).map { students / count + ($0 < students % count ? 1 : 0) }
    }

    /// The names of the students `ids` names, in roster order.
    private static func names(_ ids: [Student.ID], in students: [Student]) -> [String] {
        let wanted = Set(ids)
        return students.filter { wanted.contains($0.id) }.map(\.name)
    }
}
