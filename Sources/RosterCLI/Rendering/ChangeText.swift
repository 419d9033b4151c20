import RosterKit

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

/// How the CLI describes a change from a roster's history.
enum ChangeText {
    /// What `undo` says, for example `Undid delete-all: 23 students, made at 14:02 (23 -> 0 students): 23
    /// students are back.`
    static func undone(_ change: RosterChange, now: Date = Date()) -> String {
        let (before, after) = (change.studentsBefore, change.studentsAfter)
        let result =
            before > after
            ? "\(StudentText.count(before - after)) \(before - after == 1 ? "is" : "are") back"
            : "the roster has \(StudentText.count(before)) again"
        return "Undid \(summary(change, now: now)): \(result).\n"
    }

    /// What `redo` says, for example `Redid add Ada Lovelace, made at 14:05 (23 -> 24 students): the roster has
    /// 24 students again.`
    static func redone(_ change: RosterChange, now: Date = Date()) -> String {
        "Redid \(summary(change, now: now)): the roster has \(StudentText.count(change.studentsAfter)) again.\n"
    }

    /// `delete-all: 23 students, made at 14:02 (23 -> 0 students)`.
    static func summary(_ change: RosterChange, now: Date) -> String {
        "\(described(change)), made at \(when(change.date, now: now)) (\(change.studentsBefore) -> "
            + "\(change.studentsAfter) students)"
    }

    /// What a change did, as its command described it, shown safely and at most 80 characters;
    /// the command's name for a change without a description.
    static func described(_ change: RosterChange) -> String {
        VisibleText.quoted(Substring(change.summary ?? change.command), limit: 80)
    }

    /// The local time of `date`, with the day when it is not today: `14:02` or `2026-11-30 14:02`.
    static func when(_ date: Date, now: Date) -> String {
        let (day, time) = localParts(date)
        return day == localParts(now).day ? time : "\(day) \(time)"
    }

    /// The local day and time of `date`, as `2026-11-30` and `14:02`.
    static func localParts(_ date: Date) -> (day: String, time: String) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        return (day, "\(two(parts.tm_hour)):\(two(parts.tm_min))")
    }
}
