#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a teacher does to a class, each checked and made as one change through ``StorageHandler``:
/// the one door for every change of a class's data.
///
/// This file holds the roster's own intents (add, edit, remove, move, import); each concept's
/// folder holds its own as an extension, such as the register's
/// ``markAttendance(_:as:in:at:command:)``, picking's
/// ``pick(_:skipping:reset:again:leavingOutAbsentOn:at:using:announce:)``, and the markbook's and
/// the comment bank's. They are the intents of ``RosterViewModel`` without a screen: synchronous, on
/// the caller's thread, for a command-line tool or a script. An app uses the view model, whose
/// actions run these off the main actor and then show the committed roster.
public enum ClassroomIntents {
    /// A student just added, and the students who already had that name.
    public struct Addition: Sendable, Equatable {
        /// The student as stored, with its new id and trimmed name.
        public let student: Student
        /// The students who already had the name, compared ignoring case, accents and invisible
        /// characters; empty when the name was new. A screen can tell the teacher, who then
        /// tells the students apart by id.
        public let namesakes: [Student]
    }

    /// Validates and adds a new student at the end of the roster.
    ///
    /// - Parameters:
    ///   - name: The student's name; see ``StudentValidator/name(_:)``.
    ///   - age: The age, 1 to 120.
    ///   - grade: The grade, 0 to 13, if known.
    ///   - score: The score, 0 to 100, if known.
    ///   - details: The school's id, the name's parts and a note, as ``StudentChanges`` holds
    ///     them; none by default.
    ///   - joined: The day they joined the class; by default, today once the class has had a
    ///     lesson, else its start (see ``Student/joined``).
    ///   - url: The roster file.
    /// - Returns: The student as stored and their namesakes.
    /// - Throws: ``ValidationError`` for a value a roster does not accept, ``SchoolIDTaken`` for a
    ///   school id another student has, ``StorageError`` when the file cannot be changed.
    public static func add(
        name: String, age: Int, grade: Int? = nil, score: Double? = nil,
        details: StudentChanges = StudentChanges(), joined: SchoolDay? = nil,
        to url: URL = StorageHandler.plistURL
    ) throws -> Addition {
        var student = Student(
            name: try StudentValidator.name(name), age: try StudentValidator.age(age),
            grade: try grade.map(StudentValidator.grade), score: try score.map(StudentValidator.score))
        // The name given stays the student's, whatever first and last names come with it.
        student = try details.applied(to: student, keepingName: true)
        student.joined = joined
        // Checked before the lock is taken, on the roster as it is: a school id is given rarely.
        if student.schoolID != nil {
            try SchoolIDTaken.check(student.schoolID, own: student.id, among: StorageHandler.load(from: url))
        }
        let namesakes = try StorageHandler.append(
            [student], to: url, command: "add", lookingFor: student.name)
        return Addition(student: student, namesakes: namesakes)
    }

    /// Changes some fields of one student and says what changed.
    ///
    /// - Parameters:
    ///   - reference: A full id, an id prefix or a name; see ``RosterLookup``.
    ///   - changes: The fields to change.
    ///   - pastRecord: Whether a student who has left may be changed: the record kept of them.
    ///   - url: The roster file.
    /// - Returns: The student before and after; see ``StudentEdit/changes``.
    /// - Throws: ``LookupError``, ``ValidationError``, ``SchoolIDTaken``,
    ///   ``EnrolmentError/hasLeft(name:day:nowIn:)`` or ``StorageError``; the file is unchanged then.
    @discardableResult
    public static func edit(
        _ reference: String, _ changes: StudentChanges, pastRecord: Bool = false,
        at url: URL = StorageHandler.plistURL
    )
        throws -> StudentEdit
    {
        let summary = { (edit: StudentEdit) in "edit \(edit.before.name)" }
        // The fast path: the roster's other names stay bytes of the file.
        return try StorageHandler.updateStored(at: url, command: "edit", summary: summary) { roster in
            let index = try RosterLookup.index(of: reference, among: roster)
            let before = roster.student(at: index)
            try checkOnRoll(before, of: url, pastRecord: pastRecord)
            let after = try changes.applied(to: before)
            if after.schoolID != before.schoolID {
                try SchoolIDTaken.check(after.schoolID, own: after.id, among: roster)
            }
            roster.replace(at: index, with: after)
            return StudentEdit(before: before, after: after)
        }
    }

    /// Removes the students that `references` pick out, all of them or none.
    ///
    /// - Parameters:
    ///   - references: Full ids, id prefixes or names; naming a student twice is fine.
    ///   - url: The roster file.
    /// - Returns: The removed students, in file order.
    /// - Throws: ``LookupError`` for the first reference that does not pick out one student, in which
    ///   case nothing is removed; ``StorageError`` when the file cannot be changed.
    @discardableResult
    public static func remove(_ references: [String], at url: URL = StorageHandler.plistURL) throws
        -> [Student]
    {
        let summary = { (removed: [Student]) in "remove \(NameList.sentence(removed.map(\.name)))" }
        return try StorageHandler.updateStored(at: url, command: "remove", summary: summary) { roster in
            let doomed = Set(try references.map { try RosterLookup.index(of: $0, among: roster) }).sorted()
            let removed = doomed.map(roster.student(at:))
            roster.remove(at: doomed)
            return removed
        }
    }

    /// Moves the students that `references` pick out to another roster, such as another class,
    /// on `day`: a leave and a join. They leave `url` on `day`, keeping their marks there, and join
    /// `destination` on `day` with the same ids, details and notes, the class they came from
    /// (``StudentDetail/movedFrom``), and no lessons there before it
    /// (a student who left `destination` before is back on its roll), so no past lesson of either
    /// class changes. One change of both rosters: a kill or a failed disk leaves the students in
    /// one class, never two, and each roster's history keeps its half.
    ///
    /// - Parameters:
    ///   - references: Full ids, id prefixes, school ids or names.
    ///   - url: The roster they are on.
    ///   - destination: The roster they join.
    ///   - day: The day of the move, today by default.
    ///   - mapping: Assessments of this class by name, each with the assessment of `destination`
    ///     its marks go to; any other mark goes to an assessment there of the same name and
    ///     maximum, if there is one, and otherwise stays here only.
    /// - Returns: The moved students as they join `destination`, in file order, with the marks
    ///   they bring.
    /// - Throws: ``LookupError`` when a reference picks out no one student, ``EnrolmentError`` for
    ///   a student who has left, ``AppendConflict`` when one of them is on `destination` already
    ///   (nothing is moved then), ``StorageError``.
    @discardableResult
    public static func move(
        _ references: [String], from url: URL, to destination: URL, on day: SchoolDay = .today(),
        mapping: [String: String] = [:]
    ) throws -> [Student] {
        let (from, to) = (ClassFolder.name(of: url), ClassFolder.name(of: destination))
        let summary = { (moved: [Student]) in
            "move \(NameList.sentence(moved.map(\.name))) from \(from) to \(to)"
        }
        return try StorageHandler.moveStudents(from: url, to: destination, summary: summary) {
            source, target, markbooks in
            let bring = try MovedMarks(from: markbooks.from, to: markbooks.to, mapping: mapping)
            let moving = Set(try references.map { try RosterLookup.index(of: $0, in: source) }).sorted()
                .map { source[$0] }
            if let leaver = moving.first(where: { $0.left != nil }), let left = leaver.left {
                throw EnrolmentError.alreadyLeft(name: leaver.name, day: left)
            }
            let joining = moving.map { student in
                var joining = student
                // The register stays with the class it was taken in, and the marks too, but for
                // those of an assessment both classes share, which come along as well.
                (joining.attendance, joining.joined, joining.left) = ([:], day, nil)
                joining.marks = bring.marks(of: student)
                joining[.movedFrom] = from
                return joining
            }
            for student in joining {
                guard let index = target.firstIndex(where: { $0.id == student.id }) else {
                    target.append(student)
                    continue
                }
                guard target[index].left != nil else { throw AppendConflict(ids: [student.id]) }
                (target[index].joined, target[index].left) = (day, nil)
                target[index][.movedFrom] = from
                target[index].marks = target[index].marks.merging(student.marks) { _, brought in brought }
            }
            let ids = Set(moving.map(\.id))
            for index in source.indices where ids.contains(source[index].id) { source[index].left = day }
            return joining
        }
    }

    /// Brings the students read from an import file onto the roster, in one write.
    ///
    /// Each row is matched to a student first (by id, else school id, else a name and age that fit
    /// one student; see ``ImportChanges``): a matched student is updated, the others are added. With
    /// `replace`, the students the file does not list leave the class on `day`, keeping their marks. Rows that look like a student
    /// already there but cannot be matched (see ``ProbableDuplicate``) stop the import unless
    /// `allowDuplicates`.
    ///
    /// - Parameters:
    ///   - imported: What ``RosterImporter/read(_:format:)`` returned.
    ///   - replace: Whether the file's students become the whole roster.
    ///   - day: The day the students a replacing import leaves out leave, today by default.
    ///   - blankClears: Whether a blank cell of a CSV file's grade, score or note column clears
    ///     the student's value; without it a blank keeps it, as gradebooks import blanks.
    ///   - dryRun: Whether to only work out the changes, writing nothing.
    ///   - allowDuplicates: Whether to import probable duplicates as new students.
    ///   - source: The file's name, for the history's description of the change.
    ///   - markbook: The markbook that came with the file (see `MarkbookFile`), which the
    ///     file's marks are by; brought into the class's, the marks moved to its assessments.
    ///     Without one, the file's marks are left out and each student keeps their own.
    ///   - joined: The day the students it adds joined; by default, today once the class has had
    ///     a lesson, as ``add(name:age:grade:score:details:joined:to:)`` gives.
    ///   - fileURL: The roster file.
    /// - Returns: What the import changed, or for a dry run would change, probable duplicates
    ///   included.
    /// - Throws: ``ProbableDuplicatesError`` when rows look like students already there (for a dry
    ///   run too, which reaches the real run's verdict); ``StorageError`` when the file cannot be
    ///   changed. Nothing is written then.
    @discardableResult
    public static func importStudents(
        _ imported: RosterImporter.Result, replace: Bool, leavingOn day: SchoolDay = .today(),
        blankClears: Bool = false, dryRun: Bool = false, allowDuplicates: Bool = false, source: String? = nil,
        markbook: Markbook? = nil, joined: SchoolDay? = nil, into fileURL: URL = StorageHandler.plistURL
    ) throws -> ImportChanges {
        var imported = imported
        // Marks are by the ids of their class's assessments: without that class's markbook beside
        // the file they name nothing here, and each student keeps the marks they have. Only a file
        // with marks is changed: a large file's students are not copied for nothing.
        if markbook == nil, imported.students.contains(where: { !$0.otherFields.isEmpty }) {
            dropMarks(of: &imported.students)
        }
        // The dry run and the real one plan the import against the roster alike, so they reach the
        // same verdict; the real one reads the roster once, under the lock, and plans it there.
        func plan(_ roster: inout [Student]) throws -> ImportChanges {
            // As for `add`: a student who arrives once the class has had lessons joins today, so
            // that no register taken before counts them absent.
            let joining = joined ?? (roster.contains { !$0.attendance.isEmpty } ? SchoolDay.today() : nil)
            var changes = ImportChanges.planned(
                imported, into: &roster, replace: replace, leavingOn: day, blankClears: blankClears)
            if let joining { changes.join(on: joining, in: &roster) }
            if !changes.rowsWithoutAge.isEmpty { throw ImportError(problems: changes.rowsWithoutAge) }
            if !allowDuplicates, !changes.probableDuplicates.isEmpty {
                throw ProbableDuplicatesError(duplicates: changes.probableDuplicates)
            }
            return changes
        }
        func merge(into book: inout Markbook) {
            if let markbook { moveMarks(of: &imported.students, from: markbook, into: &book) }
        }
        if dryRun {
            var (roster, book) = try StorageHandler.loadMarkbook(from: fileURL)
            merge(into: &book)
            return try plan(&roster)
        }
        let summary = { (changes: ImportChanges) in
            "import\(source.map { " " + $0 } ?? ""): \(changes.added.count) added, \(changes.updated.count) changed, "
                + "\(changes.leaving.count) leaving"
        }
        return try StorageHandler.importChange(at: fileURL, summary: summary) { roster, book in
            merge(into: &book)
            let addsToRoster = !replace && !roster.isEmpty
            let changes = try plan(&roster)
            let addsOnly = addsToRoster && changes.updated.isEmpty && changes.unchangedCount == 0
            return (changes, addsOnly ? changes.added : nil)
        }
    }

    /// Leaves out the marks of `students`.
    private static func dropMarks(of students: inout [Student]) {
        for index in students.indices where !students[index].otherFields.isEmpty {
            students[index].marks = [:]
        }
    }

    /// Brings `markbook`, the file's, into `book`, the class's, and moves the marks of `students`
    /// to the ids their assessments have there.
    private static func moveMarks(
        of students: inout [Student], from markbook: Markbook, into book: inout Markbook
    ) {
        let ids = book.merge(markbook)
        for index in students.indices {
            let marks = students[index].marks
            students[index].marks = Dictionary(
                marks.compactMap { id, mark in ids[id].map { ($0, mark) } },
                uniquingKeysWith: { first, _ in first })
        }
    }
}
