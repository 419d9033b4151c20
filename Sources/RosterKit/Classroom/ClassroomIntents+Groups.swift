import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Making groups and keeping students apart in them (see ``ClassGroups``): both are kept beside
/// the roster and change no student.
extension ClassroomIntents {
    /// Makes groups of the roster at `url`, keeping the class's apart sets and avoiding its recent
    /// partners, and remembers them.
    ///
    /// - Parameters:
    ///   - sizing: How many groups.
    ///   - balance: The field to balance, if any.
    ///   - apart: Sets of references to keep apart in this grouping only.
    ///   - skipped: References to students to leave out.
    ///   - includeAbsent: Whether students absent in today's register are grouped too.
    ///   - ignoreHistory: Whether to forget the recent groupings before making this one.
    ///   - today: The day whose register says who is absent.
    ///   - url: The roster file.
    ///   - generator: Where randomness comes from; a ``SeededRandom`` makes groups repeatable.
    /// - Throws: ``LookupError``, ``GroupingError`` or ``StorageError``; nothing is remembered then.
    public static func makeGroups(
        _ sizing: GroupMaker.Sizing, balance: GroupMaker.Balance? = nil, apart: [[String]] = [],
        skipping skipped: [String] = [], includeAbsent: Bool = false, ignoreHistory: Bool = false,
        today: SchoolDay = SchoolDay.today(), at url: URL, using generator: inout some RandomNumberGenerator
    ) throws -> ClassGroups.Made {
        try ClassGroups.checkApartSets(apart)
        return try StorageHandler.change(at: url) { current in
            let students = try current.classStudents()
            let find = { (reference: String) in
                students[try RosterLookup.index(of: reference, in: students)].id
            }
            let skippedIDs = Set(try skipped.map(find))
            let leftOut = includeAbsent ? [] : AttendanceRegister.absent(in: students, on: today)
            let excluded = skippedIDs.union(leftOut.map(\.id))
            var memory = GroupMemory(text: try current.read(.groups), keeping: Set(students.map(\.id)))
            if ignoreHistory { memory.recent = [] }
            let rules = memory.apart + (try apart.map { try $0.map(find) })
            var grouped = students.filter { !excluded.contains($0.id) }
            var balance = balance
            if balance == .result {
                // The results are balanced as scores are, on copies that carry them as their score.
                let calculator = MarkbookCalculator(markbook: try StorageHandler.markbook(of: current))
                let results = grouped.map { calculator.result(for: $0).overall?.doubleValue }
                for index in grouped.indices { grouped[index].score = results[index] }
                balance = .score
            }
            let balanceIgnored =
                balance.map { field in !grouped.contains { field.value(of: $0) != nil } } ?? false
            var groups = try GroupMaker.groups(
                of: grouped, sizing: sizing, balance: balanceIgnored ? nil : balance, apart: rules,
                recent: memory.recent, using: &generator)
            let byID = Dictionary(uniqueKeysWithValues: students.map { ($0.id, $0) })
            groups = groups.map { group in group.map { byID[$0.id] ?? $0 } }
            memory.remember(groups.map { $0.map(\.id) })
            let made = ClassGroups.Made(groups: groups, leftOut: leftOut, balanceIgnored: balanceIgnored)
            return (.keepBeside(.groups, bytes: Array(memory.text.utf8)), made)
        }
    }

    /// Keeps the students `references` pick out apart in every later grouping of the class.
    ///
    /// - Returns: The students, each once, in the order given.
    /// - Throws: ``LookupError`` for a reference that does not pick out one student,
    ///   ``GroupingError/apartSetTooLarge(count:limit:)`` past ``ClassGroups/largestApartSet`` students,
    ///   ``GroupingError/tooManyApart(_:groups:)`` never (the sizes are not known yet), and
    ///   ``StorageError``; nothing is kept then.
    @discardableResult
    public static func keepApart(_ references: [String], at url: URL) throws -> [Student] {
        try ClassGroups.checkApartSets([references])
        return try StorageHandler.change(at: url) { current in
            let students = try current.classStudents()
            var chosen: [Student] = []
            for reference in references {
                let student = students[try RosterLookup.index(of: reference, in: students)]
                if !chosen.contains(where: { $0.id == student.id }) { chosen.append(student) }
            }
            var memory = GroupMemory(text: try current.read(.groups), keeping: Set(students.map(\.id)))
            memory.apart.append(chosen.map(\.id))
            return (.keepBeside(.groups, bytes: Array(memory.text.utf8)), chosen)
        }
    }

    /// Forgets every apart set of the class; returns how many there were.
    @discardableResult
    public static func clearApart(at url: URL) throws -> Int {
        try StorageHandler.change(at: url) { current in
            let students = try current.classStudents()
            var memory = GroupMemory(text: try current.read(.groups), keeping: Set(students.map(\.id)))
            let count = memory.apart.count
            memory.apart = []
            return (.keepBeside(.groups, bytes: Array(memory.text.utf8)), count)
        }
    }
}
