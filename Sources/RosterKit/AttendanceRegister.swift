import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a student was marked in the register on one day.
public enum AttendanceMark: String, Sendable, CaseIterable {
    /// Not there.
    case absent
    /// There, but late.
    case late
    /// There: recorded by a roll call, so that the day counts as one the register was taken.
    case present
}

/// A day of the register, written `2026-12-01`: a real date, never in the future.
public struct SchoolDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The date as `YYYY-MM-DD`.
    public let text: String

    /// The first day a register or a birth date may name: years such as 0000 are typing mistakes.
    static let earliest = "1900-01-01"

    /// The day `text` names, or `nil` when it is not a date written `YYYY-MM-DD`, is before
    /// 1900 or is after today.
    public init?(_ text: String) {
        self.init(text, notAfter: Self.today())
    }

    /// The day `text` names, or `nil` when it is not a date written `YYYY-MM-DD` or is after
    /// `latest`: for many dates at once, such as a school's birth dates, with today worked out once.
    init?(_ text: String, notAfter latest: SchoolDay) {
        guard text >= Self.earliest, let seconds = PlistDate.seconds(fromISO8601: text + "T00:00:00Z"),
            PlistDate.iso8601(fromSeconds: seconds).hasPrefix(text), text <= latest.text
        else { return nil }
        self.text = text
    }

    /// Whole years from `earlier` to this day: the age on this day of a person born on `earlier`.
    func years(since earlier: SchoolDay) -> Int {
        // As numbers written YYYYMMDD, a year is 10,000 and a birthday not yet reached borrows
        // from it: 20261201 - 20141202 = 119,999, 11 years.
        (number - earlier.number) / 10_000
    }

    /// The day as the number its digits write, `20261201`.
    private var number: Int {
        text.utf8.reduce(0) { $1 == UInt8(ascii: "-") ? $0 : $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private init(checked text: String) {
        self.text = text
    }

    /// Today, in the local time zone.
    public static func today() -> SchoolDay {
        var seconds = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return SchoolDay(checked: "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))")
    }

    /// The day as `YYYY-MM-DD`.
    public var description: String { text }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: SchoolDay, rhs: SchoolDay) -> Bool { lhs.text < rhs.text }
}

/// The class register, kept in the roster file itself: an optional `attendance` dictionary on each
/// student (`2026-12-01` to `absent`, `late` or `present`), which the iOS app ignores and every
/// command keeps. Marking is a change like any other, so `undo` takes it back.
public enum AttendanceRegister {
    /// The key each student's register is kept under.
    static let key = "attendance"

    /// Marks the students `references` pick out on `day`; `nil` clears their mark.
    ///
    /// - Returns: The students marked, in the order given.
    /// - Throws: ``LookupError`` for a reference that does not pick out one student,
    ///   ``StorageError`` when the file cannot be changed; nothing is written then.
    @discardableResult
    public static func mark(
        _ references: [String], as mark: AttendanceMark?, on day: SchoolDay, at url: URL, command: String
    ) throws -> [Student] {
        var marked: [Student] = []
        try StorageHandler.changeWithConventions(at: url, command: command) { students, conventions in
            marked = try references.map { students[try RosterLookup.index(of: $0, in: students)] }
            for student in marked { set(mark, for: student.id, on: day, in: &conventions) }
        }
        return marked
    }

    /// Records the whole register of `day` at once, as a roll call makes it.
    ///
    /// - Returns: The marks recorded: those of students still on the roster, since a student
    ///   removed while the roll was called has no register to mark.
    @discardableResult
    public static func record(_ marks: [Student.ID: AttendanceMark], on day: SchoolDay, at url: URL) throws
        -> [Student.ID: AttendanceMark]
    {
        var recorded: [Student.ID: AttendanceMark] = [:]
        try StorageHandler.changeWithConventions(at: url, command: "register") { students, conventions in
            let onRoster = Set(students.map(\.id))
            recorded = marks.filter { onRoster.contains($0.key) }
            for (id, mark) in recorded { set(mark, for: id, on: day, in: &conventions) }
        }
        return recorded
    }

    /// Every student and their marks, by day.
    public static func marks(at url: URL) throws -> (
        students: [Student], marks: [Student.ID: [String: AttendanceMark]]
    ) {
        guard let (students, conventions) = try StorageHandler.readConventions(at: url) else {
            return ([], [:])
        }
        var marks: [Student.ID: [String: AttendanceMark]] = [:]
        for (id, fields) in conventions.otherFields {
            guard case .dictionary(let days)? = fields.first(where: { $0.key == key })?.value else {
                continue
            }
            for entry in days {
                if case .string(let text) = entry.value, let mark = AttendanceMark(rawValue: text) {
                    marks[id, default: [:]][entry.key] = mark
                }
            }
        }
        return (students, marks)
    }

    /// One student's attendance over a range of days.
    public struct Summary: Sendable, Equatable {
        /// The student.
        public let student: Student
        /// The days the student was marked absent.
        public let absences: Int
        /// The days the student was marked late.
        public let lates: Int
        /// The days in the range on which the register has any mark.
        public let days: Int
        /// The share of those days the student was there (late counts as there), or `nil` with no days.
        public var rate: Double? { days == 0 ? nil : Double(days - absences) / Double(days) }
    }

    /// Each student's absences, lates and attendance rate from `first` to `last`, in roster order.
    public static func summary(from first: SchoolDay, to last: SchoolDay, at url: URL) throws -> [Summary] {
        let (students, marks) = try marks(at: url)
        let inRange = { (day: String) in day >= first.text && day <= last.text }
        let days = Set(marks.values.flatMap { $0.keys }.filter(inRange)).count
        return students.map { student in
            let own = (marks[student.id] ?? [:]).filter { inRange($0.key) }
            return Summary(
                student: student, absences: own.values.filter { $0 == .absent }.count,
                lates: own.values.filter { $0 == .late }.count, days: days)
        }
    }

    private static func set(
        _ mark: AttendanceMark?, for id: Student.ID, on day: SchoolDay, in conventions: inout FileConventions
    ) {
        var fields = conventions.otherFields[id] ?? []
        let index = fields.firstIndex { $0.key == key }
        var days: [PlistEntry] = []
        if let index, case .dictionary(let existing) = fields[index].value { days = existing }
        days.removeAll { $0.key == day.text }
        if let mark { days.append(PlistEntry(key: day.text, value: .string(mark.rawValue))) }
        days.sort { $0.key < $1.key }
        let entry = PlistEntry(key: key, value: .dictionary(days))
        if let index {
            if days.isEmpty { fields.remove(at: index) } else { fields[index] = entry }
        } else if !days.isEmpty {
            fields.append(entry)
        }
        conventions.otherFields[id] = fields.isEmpty ? nil : fields
    }
}
