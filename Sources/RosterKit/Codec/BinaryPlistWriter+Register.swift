import RosterEngine

/// Writing registers: each student's register is a dictionary of lessons to marks. The lessons'
/// keys and the marks are strings every register shares, so they are written once, after the
/// fields' keys, as the keys are; a mark with a reason is a dictionary of its own, written after
/// the register it belongs to.
extension BinaryPlistWriter {
    /// The strings a roster's registers share and their object numbers: the keys `register`
    /// (and `mark` and `reason` when some mark has a reason, see ``RegisterCoding``), every
    /// lesson in order, and the marks in use.
    struct RegisterTable: Sendable {
        /// The register's keys, the lessons' keys and the marks, in the order they are written.
        let strings: [String]
        /// Every lesson of any register, in order, each once.
        let lessons: [Lesson]
        /// The object numbers of the keys, which follow the fields' keys.
        static let register: Int32 = 1 + Int32(StudentFields.Key.allCases.count)
        static let mark = register + 1
        static let reason = register + 2
        private let firstLesson: Int32
        /// The object of each mark in ``AttendanceMark/allCases`` order; -1 for a mark not used.
        private let marks: [Int32]

        /// The table of `roster`'s registers, gathered in parts at once on a large roster.
        init(_ roster: some PlistRecords) {
            let found = ParallelWork.parts(count: roster.count) { range in
                var (lessons, marks, hasReason) = (Set<Lesson>(), Set<AttendanceMark>(), false)
                var recent: [Lesson] = []
                for index in range where roster.hasRegister(at: index) {
                    for (position, line) in roster.register(at: index).lines.enumerated() {
                        marks.insert(line.entry.mark)
                        hasReason = hasReason || line.entry.reason != nil
                        // Most registers hold the lessons the one before held: no hashing then.
                        if position < recent.count, recent[position] == line.lesson { continue }
                        lessons.insert(line.lesson)
                        if position < recent.count { recent[position] = line.lesson } else { recent.append(line.lesson) }
                    }
                }
                return (lessons, marks, hasReason)
            }
            lessons = found.reduce(into: Set<Lesson>()) { $0.formUnion($1.0) }.sorted()
            let used = found.reduce(into: Set<AttendanceMark>()) { $0.formUnion($1.1) }
            let keys =
                lessons.isEmpty
                ? [] : found.contains { $0.2 } ? [RegisterCoding.key, "mark", "reason"] : [RegisterCoding.key]
            let usedMarks = AttendanceMark.allCases.filter(used.contains)
            firstLesson = Self.register + Int32(keys.count)
            let firstMark = firstLesson + Int32(lessons.count)
            marks = AttendanceMark.allCases.map { mark in
                usedMarks.firstIndex(of: mark).map { firstMark + Int32($0) } ?? -1
            }
            strings = keys + lessons.map(\.description) + usedMarks.map(\.rawValue)
        }

        /// The object of a mark's text.
        func object(of mark: AttendanceMark) -> Int32 {
            marks[mark.position]
        }

        /// The object of a lesson's key; `recent` holds, by position, the lessons of the register
        /// written last, so most lookups are one comparison.
        func object(of lesson: Lesson, at position: Int, recent: inout [Int]) -> Int32 {
            if position < recent.count, lessons[recent[position]] == lesson {
                return firstLesson + Int32(recent[position])
            }
            var (low, high) = (0, lessons.count)
            while low < high {
                let middle = (low + high) / 2
                if lessons[middle] < lesson { low = middle + 1 } else { high = middle }
            }
            if position < recent.count { recent[position] = low } else { recent.append(low) }
            return firstLesson + Int32(low)
        }
    }

    /// The objects one student's register brings: its dictionary, and two for each mark with a
    /// reason (its dictionary and the reason).
    static func registerObjects(_ register: StoredRegister) -> Int {
        1 + 2 * register.lines.count { $0.entry.reason != nil }
    }

    /// The bytes of one student's register: its dictionary and the objects it brings.
    static func registerSize(of register: StoredRegister, referenceSize: Int) -> Int {
        var size = countSize(register.lines.count) + 2 * register.lines.count * referenceSize
        for line in register.lines {
            if let reason = line.entry.reason { size += 1 + 4 * referenceSize + stringSize(reason) }
        }
        return size
    }

    /// The bytes of a string object: ASCII text one byte a character, any other UTF-16.
    static func stringSize(_ text: String) -> Int {
        let (units, isASCII) = UTF16Encoding.measure(text)
        return countSize(units) + (isASCII ? units : 2 * units)
    }
}

extension AttendanceMark {
    /// Where the mark stands in ``allCases``, without a search.
    fileprivate var position: Int {
        switch self {
        case .present: 0
        case .late: 1
        case .absent: 2
        case .excused: 3
        }
    }
}
