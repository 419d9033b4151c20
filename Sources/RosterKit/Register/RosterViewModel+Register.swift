#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The register and the roll as a screen changes them: each action calls the intent of
/// ``ClassroomIntents`` it names, off the main actor, and shows the committed roster.
extension RosterViewModel {
    /// Records a whole lesson's register at once, as a roll call makes it; see
    /// ``ClassroomIntents/recordRegister(_:in:at:)``.
    ///
    /// - Returns: The marks recorded, of the students still on the roster.
    /// - Throws: ``ValidationError`` for a reason that is not one short line, ``StorageError``.
    @discardableResult
    public func recordRegister(_ marks: [Student.ID: AttendanceEntry], in lesson: Lesson) async throws
        -> [Student.ID: AttendanceEntry]
    {
        try await commit { try ClassroomIntents.recordRegister(marks, in: lesson, at: $0) }
    }

    /// Deletes a lesson's register taken by mistake; see ``ClassroomIntents/deleteRegister(_:at:)``.
    ///
    /// - Returns: The marks deleted, each with its student.
    /// - Throws: ``LessonNotTaken`` when the lesson has no mark; ``StorageError``.
    @discardableResult
    public func deleteRegister(_ lesson: Lesson) async throws -> [(student: Student, entry: AttendanceEntry)]
    {
        try await commit { try ClassroomIntents.deleteRegister(lesson, at: $0) }
    }

    /// Records that students left the class on `day`; see ``ClassroomIntents/leave(_:on:at:)``.
    ///
    /// - Returns: The leavers as stored.
    /// - Throws: ``LookupError``, ``EnrolmentError`` or ``StorageError``; nothing is changed then.
    @discardableResult
    public func leave(_ references: [String], on day: SchoolDay = .today()) async throws -> [Student] {
        try await commit { try ClassroomIntents.leave(references, on: day, at: $0) }
    }

    /// Brings leavers back onto the roll; see ``ClassroomIntents/rejoin(_:at:)``.
    ///
    /// - Returns: The students as stored.
    /// - Throws: ``LookupError``, ``EnrolmentError`` or ``StorageError``; nothing is changed then.
    @discardableResult
    public func rejoin(_ references: [String]) async throws -> [Student] {
        try await commit { try ClassroomIntents.rejoin(references, at: $0) }
    }

    /// Removes students, keeping as leavers those the register or markbook has marks of, unless
    /// `forgetting`; see ``ClassroomIntents/remove(_:forgetting:pastRecord:on:at:)``.
    ///
    /// - Returns: The students erased and the students kept as leavers.
    /// - Throws: ``LookupError``, ``EnrolmentError`` or ``StorageError``; nothing is changed then.
    @discardableResult
    public func remove(_ references: [String], forgetting: Bool, on day: SchoolDay = .today()) async throws
        -> ClassroomIntents.Removal
    {
        try await commit { try ClassroomIntents.remove(references, forgetting: forgetting, on: day, at: $0) }
    }

    /// Moves students to another class's roster on `day`, a leave here and a join there, as one
    /// change of both files; see ``ClassroomIntents/move(_:from:to:on:mapping:)``.
    ///
    /// - Returns: The students as they joined `destination`.
    /// - Throws: ``LookupError``, ``EnrolmentError`` or ``StorageError``; neither file changes then.
    @discardableResult
    public func move(_ references: [String], to destination: URL, on day: SchoolDay = .today()) async throws
        -> [Student]
    {
        try await commit { try ClassroomIntents.move(references, from: $0, to: destination, on: day) }
    }

    /// Sets thresholds of the watch list by name; see ``ClassroomIntents/setWatch(_:at:)``.
    ///
    /// - Returns: The class's settings after the change.
    /// - Throws: ``WatchSettingsError`` for an unknown name or a value out of range; ``StorageError``.
    @discardableResult
    public func setWatch(_ values: [(name: String, value: Int)]) async throws -> WatchSettings {
        try await commit { try ClassroomIntents.setWatch(values, at: $0) }
    }

    /// Puts the watch list's thresholds back to the defaults; see
    /// ``ClassroomIntents/resetWatch(at:)``.
    ///
    /// - Throws: ``StorageError``.
    public func resetWatch() async throws {
        try await commit { try ClassroomIntents.resetWatch(at: $0) }
    }
}
