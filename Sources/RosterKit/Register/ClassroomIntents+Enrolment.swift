#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Students joining and leaving the class: a leaver keeps their marks and stays in the file, so
/// that no register of a lesson they were on the roll for changes (see ``Student/left``).
extension ClassroomIntents {
    /// What ``remove(_:forgetting:pastRecord:on:at:)`` did.
    public struct Removal: Sendable, Equatable {
        /// The students erased from the roster, in file order.
        public let erased: [Student]
        /// The students kept as leavers because the register or the markbook has marks of theirs,
        /// in file order.
        public let leavers: [Student]
    }

    /// Records that the students `references` pick out left the class on `day`.
    ///
    /// - Parameters:
    ///   - references: Full ids, id prefixes, school ids or names.
    ///   - day: The day they left, today by default: they are on the roll of the lessons before it.
    ///   - url: The roster file.
    /// - Returns: The leavers as stored, in file order.
    /// - Throws: ``LookupError``; ``EnrolmentError`` for a student who has left already or joined
    ///   after `day`; ``StorageError``. Nothing is changed then.
    @discardableResult
    public static func leave(_ references: [String], on day: SchoolDay = .today(), at url: URL) throws
        -> [Student]
    {
        let summary = { (leavers: [Student]) in "leave \(NameList.sentence(leavers.map(\.name))) on \(day)" }
        return try StorageHandler.updateStored(at: url, command: "leave", summary: summary) { roster in
            var leavers: [Student] = []
            let indices = Set(try references.map { try RosterLookup.index(of: $0, among: roster) }).sorted()
            for index in indices {
                var student = roster.student(at: index)
                if let left = student.left { throw EnrolmentError.alreadyLeft(name: student.name, day: left) }
                if let joined = student.joined, joined > day {
                    throw EnrolmentError.leavesBeforeJoining(name: student.name, joined: joined, day: day)
                }
                student.left = day
                roster.replace(at: index, with: student)
                leavers.append(student)
            }
            return leavers
        }
    }

    /// Brings back leavers that `references` pick out: they are on the roll again from today, and
    /// keep their marks.
    ///
    /// - Returns: The students as stored, in file order.
    /// - Throws: ``LookupError``; ``EnrolmentError/notLeft(name:)`` for a student who has not left;
    ///   ``StorageError``. Nothing is changed then.
    @discardableResult
    public static func rejoin(_ references: [String], at url: URL) throws -> [Student] {
        let summary = { (back: [Student]) in "rejoin \(NameList.sentence(back.map(\.name)))" }
        return try StorageHandler.updateStored(at: url, command: "rejoin", summary: summary) { roster in
            var back: [Student] = []
            let indices = Set(try references.map { try RosterLookup.index(of: $0, among: roster) }).sorted()
            for index in indices {
                var student = roster.student(at: index)
                guard student.left != nil else { throw EnrolmentError.notLeft(name: student.name) }
                // Back from today: a register taken late for a day they were away does not count them.
                (student.joined, student.left) = (SchoolDay.today(), nil)
                roster.replace(at: index, with: student)
                back.append(student)
            }
            return back
        }
    }

    /// Removes the students that `references` pick out, all of them or none: a student the
    /// register or the markbook has marks of is kept as a leaver from `day` instead, unless
    /// `forgetting`, so that no past lesson's register and no mark changes; a student added by
    /// mistake is erased. A student who
    /// has left is removed only when `pastRecord` says their record kept here is meant.
    ///
    /// - Throws: ``LookupError`` for the first reference that does not pick out one student;
    ///   ``EnrolmentError/hasLeft(name:day:nowIn:)``; ``StorageError``. Nothing is changed then.
    @discardableResult
    public static func remove(
        _ references: [String], forgetting: Bool, pastRecord: Bool = false, on day: SchoolDay = .today(),
        at url: URL
    ) throws -> Removal {
        let summary = { (removal: Removal) in
            "remove \(NameList.sentence((removal.erased + removal.leavers).map(\.name)))"
        }
        return try StorageHandler.updateStored(at: url, command: "remove", summary: summary) { roster in
            var (erased, leavers) = ([Student](), [Student]())
            let indices = Set(try references.map { try RosterLookup.index(of: $0, among: roster) }).sorted()
            var doomed: [Int] = []
            for index in indices {
                var student = roster.student(at: index)
                try checkOnRoll(student, of: url, pastRecord: pastRecord)
                // What the class recorded of them (a register mark or a mark in the markbook) stays.
                if forgetting || (!roster.hasRegister(at: index) && !student.hasMarks) {
                    doomed.append(index)
                    erased.append(student)
                } else if student.left == nil {
                    student.left = day
                    roster.replace(at: index, with: student)
                    leavers.append(student)
                } else {
                    leavers.append(student)
                }
            }
            roster.remove(at: doomed)
            return Removal(erased: erased, leavers: leavers)
        }
    }

    /// Checks that `student`, of the roster at `url`, is on the class's roll, for a change meant
    /// for the class's students: a leaver's record is the past, changed only when `pastRecord`
    /// says that record is meant.
    ///
    /// - Throws: ``EnrolmentError/hasLeft(name:day:nowIn:)``, naming the class of the same folder
    ///   whose roll they are on now, when there is one.
    static func checkOnRoll(_ student: Student, of url: URL, pastRecord: Bool) throws {
        guard let left = student.left, student.hasLeft(), !pastRecord else { return }
        throw EnrolmentError.hasLeft(
            name: student.name, day: left, nowIn: classNow(of: student.id, besides: url))
    }

    /// The class in the folder of `url`, other than its own, that has the student `id` on its
    /// roll, if any: where a moved student is now.
    private static func classNow(of id: UUID, besides url: URL) -> String? {
        let folder = ClassFolder(url: url.deletingLastPathComponent())
        let own = ClassFolder.name(of: url)
        for name in folder.names where name != own {
            let roster = folder.url.appendingPathComponent(name + ".plist")
            if let students = try? StorageHandler.load(from: roster),
                students.contains(where: { $0.id == id && $0.left == nil })
            {
                return name
            }
        }
        return nil
    }
}
