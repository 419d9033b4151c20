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

    /// A day as a roster keeps it (a student's joining or leaving day, which may be ahead),
    /// `YYYY-MM-DD` from 1900 to 9999; `nil` for any other text.
    static func stored(_ text: String) -> SchoolDay? {
        SchoolDay(text, notAfter: latestStored)
    }

    /// The day `text` names, or `nil` when it is not a date written `YYYY-MM-DD` or is after
    /// `latest`: for many dates at once, such as a school's birth dates, with today worked out once.
    init?(_ text: String, notAfter latest: SchoolDay) {
        // Read digit by digit: a large register reads one date a mark.
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year),
            text >= Self.earliest, text <= latest.text
        else { return nil }
        self.text = text
    }

    /// How many days month `month` (1 to 12) of `year` has, by the Gregorian calendar.
    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
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

    init(checked text: String) {
        self.text = text
    }

    /// The latest day a roster file may name: a file written where the date was ahead of this
    /// machine's is still read.
    static let latestStored = SchoolDay(checked: "9999-12-31")

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

/// Days as teachers say them, and the days around a day.
extension SchoolDay {
    /// The weekday names a date may be given as, Monday first.
    package static let weekdayNames = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// The day `text` names, as a teacher says it: `today`, `yesterday`, a weekday (`monday` or
    /// `mon`: the most recent one, today included) or a date written `YYYY-MM-DD`, from 1900 to
    /// the day after `today`; `nil` for anything else.
    ///
    /// The day after today is allowed because it is already that day in time zones ahead of this
    /// one, where a colleague may have taken a register; see ``isAfterToday(_:)``.
    package init?(spoken text: String, today: SchoolDay = SchoolDay.today()) {
        let word = text.lowercased()
        switch word {
        case "today": self = today
        case "yesterday": self = today.adding(days: -1)
        default:
            if word.count >= 3, let weekday = Self.weekdayNames.firstIndex(where: { $0.hasPrefix(word) }) {
                self = today.adding(days: -((today.weekday - weekday + 7) % 7))
                return
            }
            guard let day = SchoolDay(text, notAfter: today.adding(days: 1)) else { return nil }
            self = day
        }
    }

    /// How far ahead a planned day, such as an assessment's due date, may be: a school year.
    package static let planningDays = 366

    /// A day planned ahead, such as an assessment's due date: any day ``init(spoken:today:)``
    /// reads, or a date written `YYYY-MM-DD` up to ``planningDays`` after `today`.
    package init?(planned text: String, today: SchoolDay = SchoolDay.today()) {
        guard
            let day = SchoolDay(text, notAfter: today.adding(days: Self.planningDays))
                ?? SchoolDay(spoken: text, today: today)
        else { return nil }
        self = day
    }

    /// Whether the day comes after `today`: a day it already is in time zones ahead of this one.
    public func isAfterToday(_ today: SchoolDay = SchoolDay.today()) -> Bool {
        self > today
    }

    /// The day of the week, from 0 for Monday to 6 for Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday.
        ((daysSince1970 % 7) + 7 + 3) % 7
    }

    /// Whether the day is a Saturday or a Sunday.
    public var isWeekend: Bool { weekday >= 5 }

    /// The day's weekday name, capitalised: `Monday`.
    public var weekdayName: String {
        let name = Self.weekdayNames[weekday]
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> SchoolDay {
        SchoolDay(daysSince1970: daysSince1970 + days)
    }

    /// The Monday of the day's week.
    public var monday: SchoolDay { adding(days: -weekday) }

    /// Days since 1970-01-01, by the proleptic Gregorian calendar (see ``PlistDate``).
    var daysSince1970: Int {
        let parts = text.split(separator: "-").compactMap { Int64($0) }
        return Int(PlistDate.daysSince1970(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// The day `daysSince1970` days after 1970-01-01.
    init(daysSince1970 days: Int) {
        let (year, month, day) = PlistDate.civil(fromDaysSince1970: Int64(days))
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        self.init(checked: "\(year)-\(two(month))-\(two(day))")
    }
}
