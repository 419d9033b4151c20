import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The markbook's intents: each is one change of the class (``StorageHandler/updateMarkbook(at:command:summary:_:)``)
/// and one undo step.
extension ClassroomIntents {
    /// The most points an assessment may be out of.
    public static let largestMaximum = Fraction(100_000)

    /// Reads a maximum as typed, such as `10` or `12.5`.
    ///
    /// - Throws: ``MarkbookError/badMaximum(_:)``.
    public static func maximum(_ text: String) throws(MarkbookError) -> Fraction {
        guard let value = Fraction(decimal: text), value > .zero, value <= largestMaximum else {
            throw .badMaximum(text)
        }
        return value
    }

    /// The largest weight a category may have.
    public static let largestWeight = Fraction(1000)

    /// Reads a weight as typed, such as `30` or `12.5`.
    ///
    /// - Throws: ``MarkbookError/badWeight(_:)``.
    public static func weight(_ text: String) throws(MarkbookError) -> Fraction {
        guard let value = Fraction(decimal: text), value <= largestWeight else { throw .badWeight(text) }
        return value
    }

    /// Adds an assessment; a category it names that does not exist yet is made, without a weight.
    ///
    /// - Parameters:
    ///   - assessment: The new assessment (its id is given by the markbook).
    ///   - fromScore: Whether every student's ``Student/score`` becomes their mark on it.
    ///   - url: The roster file.
    /// - Returns: The assessment as stored, and whether its category was made.
    /// - Throws: ``MarkbookError`` for a name that is taken or breaks the rule for names.
    @discardableResult
    public static func addAssessment(_ assessment: Assessment, fromScore: Bool = false, at url: URL) throws
        -> (assessment: Assessment, madeCategory: Bool)
    {
        var new = assessment
        new.name = try checkedName(assessment.name)
        let summary = { (made: (assessment: Assessment, madeCategory: Bool)) in
            "add assessment \(made.assessment.name)"
        }
        return try StorageHandler.updateMarkbook(at: url, command: "assessment", summary: summary) {
            book, students in
            var madeCategory = false
            if let category = new.category {
                (new.category, madeCategory) = try ensureCategory(category, in: &book)
            }
            let added = try book.add(new)
            if fromScore {
                for index in students.indices {
                    guard let score = students[index].score else { continue }
                    students[index].marks[added.id] = mark(fromScore: score, outOf: added.outOf)
                }
            }
            return (added, madeCategory)
        }
    }

    /// Changes an assessment's maximum, category, day or term; `nil` keeps each.
    ///
    /// - Throws: ``MarkbookError`` for an unknown assessment, or a maximum under a mark given.
    @discardableResult
    public static func editAssessment(
        _ reference: String, outOf: Fraction? = nil, category: String? = nil, date: SchoolDay? = nil,
        term: String? = nil, at url: URL
    ) throws -> Assessment {
        let summary = { (assessment: Assessment) in "edit assessment \(assessment.name)" }
        return try StorageHandler.updateMarkbook(at: url, command: "assessment", summary: summary) {
            book, students in
            var assessment = try book.assessment(named: reference)
            if let outOf {
                let over = students.filter {
                    ($0.marks[assessment.id]?.points(outOf: outOf) ?? .zero) > outOf
                }
                guard over.isEmpty else {
                    throw MarkbookError.marksOverMaximum(assessment.name, count: over.count)
                }
                assessment.outOf = outOf
            }
            if let category { assessment.category = try ensureCategory(category, in: &book).name }
            if let date { assessment.date = date }
            if let term { assessment.term = term }
            try book.update(assessment)
            return assessment
        }
    }

    /// Renames an assessment; its marks stay with it.
    ///
    /// - Returns: The assessment as it was, and as it is now.
    @discardableResult
    public static func renameAssessment(_ reference: String, to name: String, at url: URL) throws
        -> (old: Assessment, new: Assessment)
    {
        let name = try checkedName(name)
        let summary = { (renamed: (old: Assessment, new: Assessment)) in
            "rename assessment \(renamed.old.name) to \(renamed.new.name)"
        }
        return try StorageHandler.updateMarkbook(at: url, command: "assessment", summary: summary) {
            book, _ in
            let old = try book.assessment(named: reference)
            var renamed = old
            renamed.name = name
            try book.update(renamed)
            return (old, renamed)
        }
    }

    /// The assessment `reference` names, and how many marks it has (for asking before it goes).
    public static func assessmentAndMarks(_ reference: String, at url: URL) throws -> (Assessment, marks: Int)
    {
        let (students, book) = try StorageHandler.loadMarkbook(from: url)
        let assessment = try book.assessment(named: reference)
        return (assessment, students.filter { $0.marks[assessment.id] != nil }.count)
    }

    /// Removes an assessment and every mark given on it.
    ///
    /// - Returns: The assessment removed, and how many marks went with it.
    @discardableResult
    public static func removeAssessment(_ reference: String, at url: URL) throws -> (Assessment, marks: Int) {
        let summary = { (removed: (Assessment, marks: Int)) in "remove assessment \(removed.0.name)" }
        return try StorageHandler.updateMarkbook(at: url, command: "assessment", summary: summary) {
            book, students in
            let assessment = try book.assessment(named: reference)
            var removed = 0
            for index in students.indices where students[index].marks[assessment.id] != nil {
                students[index].marks[assessment.id] = nil
                removed += 1
            }
            book.removeAssessment(id: assessment.id)
            return (assessment, removed)
        }
    }

    /// Sets a category's weight and how many marks it drops; `nil` keeps each (a new category
    /// has no weight and drops none).
    @discardableResult
    public static func setCategory(
        _ name: String, weight: Fraction?? = nil, dropLowest: Int? = nil, at url: URL
    ) throws -> MarkCategory {
        let name = try checkedName(name)
        let summary = { (category: MarkCategory) in "set category \(category.name)" }
        return try StorageHandler.updateMarkbook(at: url, command: "category", summary: summary) {
            book, _ in
            var category = book.category(named: name) ?? MarkCategory(name: name)
            if let weight { category.weight = weight }
            if let dropLowest { category.dropLowest = dropLowest }
            book.setCategory(category)
            return category
        }
    }

    /// Removes a category; its assessments stay, in no category.
    public static func removeCategory(_ name: String, at url: URL) throws {
        try StorageHandler.updateMarkbook(
            at: url, command: "category", summary: "remove category \(name)"
        ) {
            book, _ in try book.removeCategory(named: name)
        }
    }

    /// Sets the letters results are given, or clears them with `nil`.
    public static func setScale(_ scale: LetterScale?, at url: URL) throws {
        try StorageHandler.updateMarkbook(
            at: url, command: "scale", summary: scale.map { "set scale \($0.text)" } ?? "clear scale"
        ) { book, _ in
            book.scale = scale
        }
    }

    /// One student's new mark, as ``mark(_:_:pastRecord:at:)`` takes it.
    public struct MarkEntry: Sendable {
        /// The student: a name, words of it, an id or a school id.
        public let student: String
        /// The mark as typed, or `nil` to clear it.
        public let value: String?

        /// A student and the mark they get (`nil` clears it).
        public init(student: String, value: String?) {
            (self.student, self.value) = (student, value)
        }
    }

    /// A mark changed by ``mark(_:_:pastRecord:at:)``.
    public struct MarkChange: Sendable, Equatable {
        /// The student, as stored.
        public let student: Student
        /// The mark before, or `nil` when blank.
        public let before: Mark?
        /// The mark now, or `nil` when cleared.
        public let after: Mark?
    }

    /// Gives students marks on one assessment, all in one change; nothing is written when one
    /// of them cannot be given.
    ///
    /// A student who has left is marked only when `pastRecord` says the record kept of them is
    /// meant.
    ///
    /// - Returns: The assessment, and each mark as it was and is, in the order given.
    /// - Throws: ``MarkbookError``, ``LookupError``, ``EnrolmentError/hasLeft(name:day:nowIn:)``
    ///   or ``MarkError``, naming the first problem.
    @discardableResult
    public static func mark(
        _ reference: String, _ entries: [MarkEntry], pastRecord: Bool = false, at url: URL
    )
        throws
        -> (assessment: Assessment, changes: [MarkChange])
    {
        // Only the students marked are read whole: a class of thousands is marked as quickly as a
        // register is taken.
        let summary = { (made: (assessment: Assessment, changes: [MarkChange])) in
            "mark \(made.assessment.name) for \(NameList.sentence(made.changes.map(\.student.name)))"
        }
        return try StorageHandler.changeStored(at: url, command: "mark", summary: summary) {
            roster, current in
            let assessment = try StorageHandler.markbook(of: current).assessment(named: reference)
            var changes: [MarkChange] = []
            for entry in entries {
                let index = try RosterLookup.index(of: entry.student, among: roster)
                let mark = try entry.value.map { text throws(MarkError) in
                    try Mark(typed: text, outOf: assessment.outOf)
                }
                var student = roster.student(at: index)
                try checkOnRoll(student, of: url, pastRecord: pastRecord)
                let before = student.marks[assessment.id]
                student.marks[assessment.id] = mark
                roster.replace(at: index, with: student)
                changes.append(MarkChange(student: student, before: before, after: mark))
            }
            return (changes.contains { $0.before != $0.after }, (assessment, changes))
        }
    }

    /// A score out of 100 as a mark on an assessment out of `outOf`: its points, when they have
    /// at most two decimals as every mark does, else the score itself as a percentage. A score with
    /// more decimals than a mark keeps is rounded to two.
    static func mark(fromScore score: Double, outOf: Fraction) -> Mark {
        let percent = Fraction(Int128((score * 100).rounded()), over: 100)
        let points = percent * outOf / .hundred
        return points.rounded(toDecimalPlaces: Mark.decimalPlaces) == points
            ? .points(points) : .percent(percent)
    }

    /// `name` as an assessment or category keeps it, by `add`'s rule for a student's name.
    ///
    /// - Throws: ``ValidationError`` for a name `add` would refuse.
    private static func checkedName(_ name: String) throws -> String {
        try StudentValidator.name(name)
    }

    /// The category `name` finds, made (without a weight) when there is none: its name as the
    /// markbook spells it, and whether it was made.
    private static func ensureCategory(_ name: String, in book: inout Markbook) throws -> (
        name: String, made: Bool
    ) {
        if let found = book.category(named: name) { return (found.name, false) }
        let made = MarkCategory(name: try checkedName(name))
        book.setCategory(made)
        return (made.name, true)
    }
}
