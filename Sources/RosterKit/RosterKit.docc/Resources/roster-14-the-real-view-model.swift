import Observation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The layer between a roster file and whatever shows it: a screen, a terminal, a test.
///
/// As in the MVVM pattern of the iOS teaching app, the view model turns a person's intents into
/// validated changes through ``ClassroomIntents`` and ``StorageHandler``, and offers the data
/// ready to show: ``students`` in file order, ``sorted(by:reversed:)`` and ``student(matching:)``.
/// This file holds the tutorial's intents (add, edit, remove, delete all, import, the register's
/// marks, undo, redo); its extensions, beside the intents they call, hold the rest of a class's
/// year: the roll and the register, picking, groups and seats, the markbook and the comments.
///
/// Two promises make it safe for an app:
/// - After every intent, ``students`` is the roster as committed to the file, whether or not
///   ``load()`` ran first, and whatever another process changed meanwhile.
/// - Every intent that touches the disk is `async` and does its work off the main actor: taking
///   the lock (which may wait for another command), reading, syncing. A SwiftUI view that awaits
///   an intent never blocks its screen.
///
/// It lives on the main actor and is `@Observable`, so a SwiftUI view that shows ``students``
/// redraws when an intent changes them.
@MainActor
@Observable
public final class RosterViewModel {
    /// The roster file this view model reads and changes.
    public let fileURL: URL
    /// The students as last committed to the file, in file order; empty until ``load()`` or an
    /// intent has run.
    public private(set) var students: [Student] = []

    /// The students who already had the name of the student that ``add(name:age:grade:score:)``
    /// added last, compared ignoring case, accents and invisible characters; empty when the name
    /// was new. A screen can tell the teacher, who then tells the students apart by id.
    public private(set) var namesakes: [Student] = []

    /// Creates a view model for a roster file, without reading it yet.
    ///
    /// - Parameter fileURL: The roster file; ``StorageHandler/plistURL`` by default.
    public init(fileURL: URL = StorageHandler.plistURL) {
        self.fileURL = fileURL
    }

    /// Reads the roster file into ``students``.
    ///
    /// - Throws: ``StorageError`` when the file exists but cannot be read.
    public func load() async throws {
        let url = fileURL
        students = try await Self.offMainActor { try StorageHandler.load(from: url) }
    }

    /// Validates and adds a new student at the end of the roster; see
    /// ``ClassroomIntents/add(name:age:grade:score:details:joined:to:)``.
    ///
    /// - Returns: The student as stored, with its new id and trimmed name.
    /// - Throws: ``ValidationError`` for a value a roster does not accept, ``StorageError`` when
    ///   the file cannot be changed.
    @discardableResult
    public func add(name: String, age: Int, grade: Int? = nil, score: Double? = nil) async throws -> Student {
        let addition = try await commit {
            try ClassroomIntents.add(name: name, age: age, grade: grade, score: score, to: $0)
        }
        namesakes = addition.namesakes
        return addition.student
    }

    /// Changes some fields of one student.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name; see ``RosterLookup``.
    ///   - changes: The fields to change.
    /// - Returns: The edited student.
    /// - Throws: ``LookupError``, ``ValidationError`` or ``StorageError``; the file is unchanged then.
    @discardableResult
    public func edit(_ reference: String, _ changes: StudentChanges) async throws -> Student {
        try await editReporting(reference, changes).after
    }

    /// Changes some fields of one student, as ``edit(_:_:)`` does, and says what changed.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name; see ``RosterLookup``.
    ///   - changes: The fields to change.
    /// - Returns: The student before and after; see ``StudentEdit/changes``.
    /// - Throws: ``LookupError``, ``ValidationError`` or ``StorageError``; the file is unchanged then.
    @discardableResult
    public func editReporting(_ reference: String, _ changes: StudentChanges) async throws -> StudentEdit {
        try await commit { try ClassroomIntents.edit(reference, changes, at: $0) }
    }

    /// Removes the students that `references` pick out, all of them or none.
    ///
    /// - Parameter references: Full ids, id prefixes or names; naming a student twice is fine.
    /// - Returns: The removed students, in file order.
    /// - Throws: ``LookupError`` for the first reference that does not pick out one student, in which
    ///   case nothing is removed; ``StorageError`` when the file cannot be changed.
    @discardableResult
    public func remove(_ references: [String]) async throws -> [Student] {
        try await commit { try ClassroomIntents.remove(references, at: $0) }
    }

    /// Empties the roster; ``undo()`` brings the students back.
    ///
    /// - Throws: ``StorageError`` when the file is damaged or cannot be written.
    public func deleteAll() async throws {
        try await commit { try StorageHandler.deleteAll(at: $0) }
    }

    /// Brings the students read from an import file onto the roster, in one write; see
    /// ``ClassroomIntents/importStudents(_:replace:leavingOn:blankClears:dryRun:allowDuplicates:source:markbook:joined:into:)``.
    ///
    /// - Returns: What the import changed, or for a dry run would change.
    /// - Throws: ``ProbableDuplicatesError`` or ``StorageError``; nothing is written then.
    @discardableResult
    public func importStudents(
        _ imported: RosterImporter.Result, replace: Bool, dryRun: Bool = false, allowDuplicates: Bool = false
    ) async throws -> ImportChanges {
        try await commit {
            try ClassroomIntents.importStudents(
                imported, replace: replace, dryRun: dryRun, allowDuplicates: allowDuplicates, into: $0)
        }
    }

    /// Marks the students `references` pick out in the register of `lesson`, taking the
    /// register (everyone else present) when it was not taken yet. See
    /// ``ClassroomIntents/markAttendance(_:as:in:at:command:)``.
    ///
    /// - Returns: What the marking did.
    /// - Throws: ``LookupError`` or ``StorageError``; nothing is written then.
    @discardableResult
    public func mark(_ references: [String], as entry: AttendanceEntry, in lesson: Lesson) async throws
        -> AttendanceRegister.Marking
    {
        try await commit {
            try ClassroomIntents.markAttendance(
                references, as: entry, in: lesson, at: $0, command: entry.mark.rawValue)
        }
    }

    /// Puts back the roster as it was before the last change.
    ///
    /// - Returns: The change that was undone.
    /// - Throws: ``StorageError/nothingToUndo(path:)`` when there is no earlier version.
    @discardableResult
    public func undo() async throws -> RosterChange {
        try await commit { try StorageHandler.undo(at: $0) }
    }

    /// Makes the last undone change again.
    ///
    /// - Returns: The change that was made again.
    /// - Throws: ``StorageError/nothingToRedo(path:)`` when nothing was undone since the last change.
    @discardableResult
    public func redo() async throws -> RosterChange {
        try await commit { try StorageHandler.redo(at: $0) }
    }

    /// Runs an intent off the main actor, then reads the roster it committed into ``students``;
    /// every action of the view model, in this file and its extensions, is one of these.
    func commit<Result: Sendable>(_ intent: @escaping @Sendable (URL) throws -> Result) async throws
        -> Result
    {
        let url = fileURL
        let (result, committed) = try await Self.offMainActor {
            let result = try intent(url)
            return (result, try StorageHandler.load(from: url))
        }
        students = committed
        return result
    }

    /// Does `work` on the global executor, never on the caller's actor.
    @concurrent
    private nonisolated static func offMainActor<Result: Sendable>(
        _ work: @escaping @Sendable () throws -> Result
    )
        async throws -> Result
    {
        try work()
    }

    /// Finds the one student that `reference` picks out.
    ///
    /// - Parameter reference: A full id, an id prefix or a name; see ``RosterLookup``.
    /// - Returns: The student.
    /// - Throws: ``LookupError`` when no student or several students match.
    public func student(matching reference: String) throws -> Student {
        students[try RosterLookup.index(of: reference, in: students)]
    }

    /// The positions in ``students`` in the order a listing shows them; see
    /// ``sorted(by:reversed:)``.
    ///
    /// - Parameters:
    ///   - field: What to order by.
    ///   - reversed: Whether to show the largest first.
    /// - Returns: Indices into ``students``.
    public func sortedIndices(by field: SortField = .name, reversed: Bool = false) -> [Int] {
        RosterSorter.sortedIndices(students, by: field, reversed: reversed)
    }

    /// The students in the order a listing shows them.
    ///
    /// - Parameters:
    ///   - field: What to order by; names compare as described in `NameSortKey`.
    ///   - reversed: Whether to show the largest first.
    /// - Returns: The students, with ties in file order and missing grades or scores last.
    public func sorted(by field: SortField = .name, reversed: Bool = false) -> [Student] {
        RosterSorter.sorted(students, by: field, reversed: reversed)
    }
}
