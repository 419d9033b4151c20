import Observation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The layer between a roster file and whatever shows it: a screen, a terminal, a test.
///
/// As in the MVVM pattern of the iOS teaching app, the view model turns a person's intents (add,
/// edit, remove, delete all, undo) into validated changes through ``StorageHandler``, and offers
/// the data ready to show: ``students`` in file order, ``sorted(by:reversed:)`` and
/// ``student(matching:)``. Each intent is one locked read-modify-write, so it works on the roster
/// as it is on disk at that moment, even if another process changed it since ``load()``.
///
/// It is `@Observable`, so a SwiftUI view that shows ``students`` redraws when an intent changes
/// them.
@Observable
public final class RosterViewModel {
    /// The roster file this view model reads and changes.
    public let fileURL: URL
    /// The students as last read or written, in file order.
    ///
    /// Filled by ``load()`` and kept up to date by every intent after that. A view model that has
    /// neither loaded nor added anything leaves it empty after ``edit(_:_:)`` and ``remove(_:)``,
    /// which then change the file without making a `String` of every name (the command line's
    /// fast path).
    public internal(set) var students: [Student] = []

    /// Whether ``load()`` has read the file, so that the intents keep ``students`` up to date.
    @ObservationIgnored private var isLoaded = false

    /// Creates a view model for a roster file, without reading it yet.
    ///
    /// Call ``load()`` before showing ``students``; the intents (``add(name:age:grade:score:)``,
    /// ``edit(_:_:)`` and the rest) read the file themselves, so a command that only changes the
    /// roster never decodes it twice.
    ///
    /// - Parameter fileURL: The roster file; ``StorageHandler/plistURL`` by default.
    public init(fileURL: URL = StorageHandler.plistURL) {
        self.fileURL = fileURL
    }

    /// Reads the roster file into ``students``.
    ///
    /// - Throws: ``StorageError`` when the file exists but cannot be read.
    public func load() throws {
        students = try StorageHandler.load(from: fileURL)
        isLoaded = true
    }

    /// Validates and adds a new student at the end of the roster.
    ///
    /// - Returns: The student as stored, with its new id and trimmed name.
    /// - Throws: ``ValidationError`` for a value a roster does not accept, ``StorageError`` when
    ///   the file cannot be changed.
    @discardableResult
    public func add(name: String, age: Int, grade: Int? = nil, score: Double? = nil) throws -> Student {
        let student = Student(
            name: try StudentValidator.name(name), age: try StudentValidator.age(age),
            grade: try grade.map(StudentValidator.grade), score: try score.map(StudentValidator.score))
        namesakes = try StorageHandler.append(
            [student], to: fileURL, command: "add", lookingFor: student.name)
        students.append(student)
        return student
    }

    /// The students who already had the name of the student that ``add(name:age:grade:score:)``
    /// added last, compared ignoring case, accents and invisible characters; empty when the name
    /// was new. A screen can tell the teacher, who then tells the students apart by id.
    public private(set) var namesakes: [Student] = []

    /// Changes some fields of one student.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name; see ``RosterLookup``.
    ///   - changes: The fields to change.
    /// - Returns: The edited student.
    /// - Throws: ``LookupError``, ``ValidationError`` or ``StorageError``; the file is unchanged then.
    @discardableResult
    public func edit(_ reference: String, _ changes: StudentChanges) throws -> Student {
        try editReporting(reference, changes).after
    }

    /// Changes some fields of one student, as ``edit(_:_:)`` does, and says what changed.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name; see ``RosterLookup``.
    ///   - changes: The fields to change.
    /// - Returns: The student before and after; see ``StudentEdit/changes``.
    /// - Throws: ``LookupError``, ``ValidationError`` or ``StorageError``; the file is unchanged then.
    @discardableResult
    public func editReporting(_ reference: String, _ changes: StudentChanges) throws -> StudentEdit {
        var edit: StudentEdit?
        let roster = try StorageHandler.updateStored(at: fileURL, command: "edit") { roster in
            let index = try RosterLookup.index(of: reference, among: roster)
            let before = roster.student(at: index)
            let after = try changes.applied(to: before)
            roster.replace(at: index, with: after)
            edit = StudentEdit(before: before, after: after)
        }
        guard let edit else { throw LookupError.notFound(reference: reference, closest: []) }
        if isLoaded || !students.isEmpty { students = roster.students }
        return edit
    }

    /// Removes the students that `references` pick out, all of them or none.
    ///
    /// - Parameter references: Full ids, id prefixes or names; naming a student twice is fine.
    /// - Returns: The removed students, in file order.
    /// - Throws: ``LookupError`` for the first reference that does not pick out one student, in which
    ///   case nothing is removed; ``StorageError`` when the file cannot be changed.
    @discardableResult
    public func remove(_ references: [String]) throws -> [Student] {
        var removed: [Student] = []
        let roster = try StorageHandler.updateStored(at: fileURL, command: "remove") { roster in
            let doomed = Set(try references.map { try RosterLookup.index(of: $0, among: roster) }).sorted()
            removed = doomed.map(roster.student(at:))
            roster.remove(at: doomed)
        }
        if isLoaded || !students.isEmpty { students = roster.students }
        return removed
    }

    /// Empties the roster; ``undo()`` brings the students back.
    ///
    /// - Throws: ``StorageError`` when the file is damaged or cannot be written.
    public func deleteAll() throws {
        try StorageHandler.deleteAll(at: fileURL)
        students = []
    }

    /// Puts back the roster as it was before the last change, and reads it into ``students``.
    ///
    /// - Returns: The change that was undone.
    /// - Throws: ``StorageError/nothingToUndo(path:)`` when there is no earlier version.
    @discardableResult
    public func undo() throws -> RosterChange {
        let change = try StorageHandler.undo(at: fileURL)
        try load()
        return change
    }

    /// Makes the last undone change again, and reads the roster into ``students``.
    ///
    /// - Returns: The change that was made again.
    /// - Throws: ``StorageError/nothingToRedo(path:)`` when nothing was undone since the last change.
    @discardableResult
    public func redo() throws -> RosterChange {
        let change = try StorageHandler.redo(at: fileURL)
        try load()
        return change
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
    ///   - field: What to order by; names compare as described in ``NameSortKey``.
    ///   - reversed: Whether to show the largest first.
    /// - Returns: The students, with ties in file order and missing grades or scores last.
    public func sorted(by field: SortField = .name, reversed: Bool = false) -> [Student] {
        RosterSorter.sorted(students, by: field, reversed: reversed)
    }
}
