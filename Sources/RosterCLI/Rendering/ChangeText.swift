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
    /// students are back.`, or for a change that kept the students, what is as it was:
    /// `Undid remove assessment Quiz 1, made at 14:02: the markbook and the marks are as they were before it.`
    static func undone(_ change: RosterChange, now: Date = Date()) -> String {
        let (before, after) = (change.studentsBefore, change.studentsAfter)
        let result =
            before == after
            ? "\(restored(change)) as they were before it"
            : before > after
                ? "\(StudentText.count(before - after)) \(before - after == 1 ? "is" : "are") back"
                : "the roster has \(StudentText.count(before)) again"
        return "Undid \(summary(change, now: now)): \(result).\n"
    }

    /// What `redo` says, for example `Redid add Ada Lovelace, made at 14:05 (23 -> 24 students): the roster has
    /// 24 students again.`
    static func redone(_ change: RosterChange, now: Date = Date()) -> String {
        let result =
            change.studentsBefore == change.studentsAfter
            ? "\(restored(change)) as the change left them"
            : "the roster has \(StudentText.count(change.studentsAfter)) again"
        return "Redid \(summary(change, now: now)): \(result).\n"
    }

    /// What a change that kept the students changed, by its command: the marks, the markbook,
    /// or the students' records.
    private static func restored(_ change: RosterChange) -> String {
        switch change.command {
        case "mark", "import --marks": "the marks are"
        case "assessment", "category", "scale": "the markbook and the marks are"
        default: "the students' records are"
        }
    }

    /// `delete-all: 23 students, made at 14:02 (23 -> 0 students)`; the counts only when they
    /// changed.
    static func summary(_ change: RosterChange, now: Date) -> String {
        let counts =
            change.studentsBefore == change.studentsAfter
            ? "" : " (\(change.studentsBefore) -> \(change.studentsAfter) students)"
        return "\(described(change)), made at \(when(change.date, now: now))\(counts)"
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
