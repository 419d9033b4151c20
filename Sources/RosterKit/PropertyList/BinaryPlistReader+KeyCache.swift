extension BinaryPlistReader {
    /// The fields of recently seen key objects: files share one key object among all records,
    /// so this saves reading and matching every key of every record.
    ///
    /// Each key object has one slot, picked by the low bits of its number, so a lookup is one
    /// comparison; a key that lands in a taken slot takes it over.
    struct KeyCache {
        private static let slots = 16
        private var references = [Int](repeating: -1, count: slots)
        private var fields = [StudentFields.Key?](repeating: nil, count: slots)

        /// The field of a key object seen before, or `nil` when it is not cached.
        func field(for reference: Int) -> StudentFields.Key?? {
            let slot = reference & (Self.slots - 1)
            return references[slot] == reference ? .some(fields[slot]) : nil
        }

        mutating func remember(_ reference: Int, _ field: StudentFields.Key?) {
            let slot = reference & (Self.slots - 1)
            references[slot] = reference
            fields[slot] = field
        }

        /// The names of keys roster does not know, by the key object's number.
        var otherKeys: [Int: String] = [:]
        /// The lessons of a register's keys, by the key object's number: every student's register
        /// shares them.
        var lessons: [Int: Lesson] = [:]
        /// The key objects of the register read last, by position: most registers hold the same
        /// lessons, so most are known after one comparison.
        private var recentLessons: [Int] = []

        /// Whether key object `reference` stood at `position` in the register read last.
        func isRecentLesson(_ reference: Int, at position: Int) -> Bool {
            position < recentLessons.count && recentLessons[position] == reference
        }

        mutating func rememberLesson(_ reference: Int, at position: Int) {
            if position < recentLessons.count {
                recentLessons[position] = reference
            } else if position == recentLessons.count {
                recentLessons.append(reference)
            }
        }

        /// The mark objects written as text, by number: a file has one for each mark, found by a
        /// look along a few.
        private var marks: [(reference: Int, mark: AttendanceMark)] = []

        /// The mark of a value object seen before, or `nil`.
        func mark(for reference: Int) -> AttendanceMark? {
            for known in marks where known.reference == reference { return known.mark }
            return nil
        }

        mutating func remember(_ reference: Int, _ mark: AttendanceMark) {
            if marks.count < 8 { marks.append((reference, mark)) }
        }

    }
}
