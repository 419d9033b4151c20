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
        /// The object numbers of the keys, which follow the fields' keys.
        static let register: Int32 = 1 + Int32(StudentField.allCases.count)
        static let mark = register + 1
        static let reason = register + 2
        /// The object of each lesson of the roster's ``LessonTable``; -1 for one no register holds.
        private let lessons: [Int32]
        /// The object of each mark in ``AttendanceMark/allCases`` order; -1 for a mark not used.
        private let marks: [Int32]

        /// The table of `roster`'s registers, gathered in parts at once on a large roster.
        init(_ roster: some PlistRecords) {
            let table = roster.lessons.lessons
            let found = ParallelWork.parts(count: table.isEmpty ? 0 : roster.count) { range in
                var (lessons, marks, hasReason) = ([Bool](repeating: false, count: table.count), 0, false)
                for index in range where roster.hasRegister(at: index) {
                    let register = roster.register(at: index)
                    hasReason = hasReason || !register.reasons.isEmpty
                    for line in register.lines {
                        lessons[Int(line.lesson)] = true
                        marks |= 1 << line.mark.position
                    }
                }
                return (lessons, marks, hasReason)
            }
            var used = [Bool](repeating: false, count: table.count)
            for part in found { for place in used.indices where part.0[place] { used[place] = true } }
            let usedMarks = AttendanceMark.allCases.filter { mark in
                found.contains { $0.1 & (1 << mark.position) != 0 }
            }
            let keys =
                !used.contains(true)
                ? []
                : found.contains { $0.2 } ? [RegisterCoding.key, "mark", "reason"] : [RegisterCoding.key]
            var next = Self.register + Int32(keys.count)
            lessons = used.map { isUsed in
                guard isUsed else { return -1 }
                next += 1
                return next - 1
            }
            marks = AttendanceMark.allCases.map { mark in
                usedMarks.firstIndex(of: mark).map { next + Int32($0) } ?? -1
            }
            strings =
                keys + table.indices.filter { used[$0] }.map { table[$0].description }
                + usedMarks.map(\.rawValue)
        }

        /// The object of a mark's text.
        func object(of mark: AttendanceMark) -> Int32 {
            marks[mark.position]
        }

        /// The object of a lesson's key, the lesson named by its place in the roster's table.
        func object(ofLesson place: Int32) -> Int32 {
            lessons[Int(place)]
        }
    }

    /// The objects one student's register brings: its dictionary, and two for each mark with a
    /// reason (its dictionary and the reason).
    static func registerObjects(_ register: StoredRegister) -> Int {
        1 + 2 * register.reasons.count
    }

    /// The bytes of one student's register: its dictionary and the objects it brings.
    static func registerSize(of register: StoredRegister, referenceSize: Int) -> Int {
        var size =
            PlistObjectWriter.countSize(register.lines.count) + 2 * register.lines.count * referenceSize
        for reason in register.reasons.values { size += 1 + 4 * referenceSize + stringSize(reason) }
        return size
    }

    /// The bytes of a string object: ASCII text one byte a character, any other UTF-16.
    static func stringSize(_ text: String) -> Int {
        let (units, isASCII) = UTF16Encoding.measure(text)
        return PlistObjectWriter.countSize(units) + (isASCII ? units : 2 * units)
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
