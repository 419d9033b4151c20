#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The markbook as a screen changes it: each action calls the intent of ``ClassroomIntents`` it
/// names, off the main actor, and shows the committed roster. The markbook itself is read with
/// ``StorageHandler/markbook(from:)``.
extension RosterViewModel {
    /// Adds an assessment; see ``ClassroomIntents/addAssessment(_:fromScore:at:)``.
    ///
    /// - Returns: The assessment as stored, and whether its category was made.
    /// - Throws: ``MarkbookError`` for a name that is taken or breaks the rule for names.
    @discardableResult
    public func addAssessment(_ assessment: Assessment, fromScore: Bool = false) async throws
        -> (assessment: Assessment, madeCategory: Bool)
    {
        try await commit { try ClassroomIntents.addAssessment(assessment, fromScore: fromScore, at: $0) }
    }

    /// Changes an assessment's maximum, category, day or term; `nil` keeps each. See
    /// ``ClassroomIntents/editAssessment(_:outOf:category:date:term:at:)``.
    ///
    /// - Returns: The assessment as stored.
    /// - Throws: ``MarkbookError`` for an unknown assessment, or a maximum under a mark given.
    @discardableResult
    public func editAssessment(
        _ reference: String, outOf: Fraction? = nil, category: String? = nil, date: SchoolDay? = nil,
        term: String? = nil
    ) async throws -> Assessment {
        try await commit {
            try ClassroomIntents.editAssessment(
                reference, outOf: outOf, category: category, date: date, term: term, at: $0)
        }
    }

    /// Renames an assessment; see ``ClassroomIntents/renameAssessment(_:to:at:)``.
    ///
    /// - Returns: The assessment before and after.
    /// - Throws: ``MarkbookError`` for an unknown assessment or a name that is taken.
    @discardableResult
    public func renameAssessment(_ reference: String, to name: String) async throws
        -> (old: Assessment, new: Assessment)
    {
        try await commit { try ClassroomIntents.renameAssessment(reference, to: name, at: $0) }
    }

    /// Removes an assessment and its marks; see ``ClassroomIntents/removeAssessment(_:at:)``.
    ///
    /// - Returns: The assessment and how many marks went with it.
    /// - Throws: ``MarkbookError`` for an unknown assessment; ``StorageError``.
    @discardableResult
    public func removeAssessment(_ reference: String) async throws -> (Assessment, marks: Int) {
        try await commit { try ClassroomIntents.removeAssessment(reference, at: $0) }
    }

    /// Makes or changes a category; `nil` keeps each setting. See
    /// ``ClassroomIntents/setCategory(_:weight:dropLowest:at:)``.
    ///
    /// - Returns: The category as stored.
    /// - Throws: ``MarkbookError`` for a name or weight the markbook does not take.
    @discardableResult
    public func setCategory(_ name: String, weight: Fraction?? = nil, dropLowest: Int? = nil) async throws
        -> MarkCategory
    {
        try await commit {
            try ClassroomIntents.setCategory(name, weight: weight, dropLowest: dropLowest, at: $0)
        }
    }

    /// Removes a category; see ``ClassroomIntents/removeCategory(_:at:)``.
    ///
    /// - Throws: ``MarkbookError`` for an unknown category or one an assessment is in.
    public func removeCategory(_ name: String) async throws {
        try await commit { try ClassroomIntents.removeCategory(name, at: $0) }
    }

    /// Sets the letter scale results are given on, or none; see
    /// ``ClassroomIntents/setScale(_:at:)``.
    ///
    /// - Throws: ``StorageError``.
    public func setScale(_ scale: LetterScale?) async throws {
        try await commit { try ClassroomIntents.setScale(scale, at: $0) }
    }

    /// Gives students marks on one assessment, all in one change; see
    /// ``ClassroomIntents/mark(_:_:pastRecord:at:)``.
    ///
    /// - Returns: The assessment, and each mark as it was and is.
    /// - Throws: ``MarkbookError``, ``LookupError``, ``EnrolmentError`` or ``MarkError``; nothing
    ///   is written then.
    @discardableResult
    public func mark(_ assessment: String, _ entries: [ClassroomIntents.MarkEntry], pastRecord: Bool = false)
        async throws
        -> (assessment: Assessment, changes: [ClassroomIntents.MarkChange])
    {
        try await commit { try ClassroomIntents.mark(assessment, entries, pastRecord: pastRecord, at: $0) }
    }
}
