#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The comment bank and report comments as a screen changes them: each action calls the intent of
/// ``ClassroomIntents`` it names, off the main actor, and shows the committed roster.
extension RosterViewModel {
    /// Adds a comment to the class's bank; see ``ClassroomIntents/addComment(_:when:at:)``.
    ///
    /// - Returns: The comment's number.
    /// - Throws: ``CommentError`` or ``ValidationError`` for a comment or condition that cannot be
    ///   taken; ``StorageError``.
    @discardableResult
    public func addComment(_ text: String, when condition: String? = nil) async throws -> Int {
        try await commit { try ClassroomIntents.addComment(text, when: condition, at: $0) }
    }

    /// Changes a comment's text or condition; `nil` keeps each. See
    /// ``ClassroomIntents/editComment(_:text:when:at:)``.
    ///
    /// - Returns: The comment as stored.
    /// - Throws: ``CommentError`` or ``ValidationError``; ``StorageError``.
    @discardableResult
    public func editComment(_ number: Int, text: String?, when condition: String?) async throws
        -> CommentBank.Entry
    {
        try await commit { try ClassroomIntents.editComment(number, text: text, when: condition, at: $0) }
    }

    /// Removes a comment from the bank; see ``ClassroomIntents/removeComment(_:at:)``.
    ///
    /// - Returns: The comment removed.
    /// - Throws: ``CommentError`` for a number the bank lacks; ``StorageError``.
    @discardableResult
    public func removeComment(_ number: Int) async throws -> CommentBank.Entry {
        try await commit { try ClassroomIntents.removeComment(number, at: $0) }
    }

    /// Sets the longest comment the class takes, or none; see
    /// ``ClassroomIntents/setCommentLimit(_:at:)``.
    ///
    /// - Throws: ``ValidationError`` for a limit under 1 or over ``CommentTemplate/maximumLength``.
    public func setCommentLimit(_ limit: Int?) async throws {
        try await commit { try ClassroomIntents.setCommentLimit(limit, at: $0) }
    }

    /// Gives a student their report comment: the bank's comment `number`, or `text`, or none; see
    /// ``ClassroomIntents/chooseComment(for:number:text:at:)``.
    ///
    /// - Returns: The student as they are now, and their comment filled.
    /// - Throws: ``LookupError``, ``CommentError`` or ``ValidationError``; ``StorageError``.
    @discardableResult
    public func chooseComment(for reference: String, number: Int? = nil, text: String? = nil) async throws
        -> (student: Student, comment: String?)
    {
        try await commit {
            try ClassroomIntents.chooseComment(for: reference, number: number, text: text, at: $0)
        }
    }
}
