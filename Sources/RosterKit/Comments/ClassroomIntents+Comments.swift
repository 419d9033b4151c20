#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The comment bank's intents: the class's comments added, changed and removed, its limit set, and
/// a comment chosen for a student; each is one change of the class and one undo step.
extension ClassroomIntents {
    /// Adds a comment to the class's bank and returns its number.
    ///
    /// - Parameters:
    ///   - text: The comment, with placeholders (see ``CommentTemplate``).
    ///   - condition: When it fits a student, such as `result >= 70`, or `nil` for anyone.
    ///   - url: The roster file.
    /// - Throws: ``CommentError`` or ``ValidationError`` for a comment or condition that cannot be
    ///   taken, one over the class's limit, or a condition on a category the markbook lacks.
    @discardableResult
    public static func addComment(_ text: String, when condition: String? = nil, at url: URL) throws -> Int {
        let entry = CommentBank.Entry(
            template: try CommentTemplate(text), condition: try condition.map(CommentCondition.init(parsing:))
        )
        return try StorageHandler.updateMarkbook(
            at: url, command: "comments add", summary: "add a comment"
        ) {
            book, _ in
            var bank = book.comments ?? CommentBank()
            try check(entry, in: bank, book)
            bank.entries.append(entry)
            book.comments = bank
            return bank.entries.count
        }
    }

    /// Changes the comment numbered `number`: its text, its condition, or both.
    ///
    /// - Parameters:
    ///   - number: The comment's number in the bank.
    ///   - text: The new comment, or `nil` to keep it.
    ///   - condition: The new condition; `""` for none; `nil` to keep it.
    ///   - url: The roster file.
    /// - Returns: The comment as it is now.
    /// - Throws: as ``addComment(_:when:at:)``, and ``CommentError/noSuchComment(number:count:)``.
    @discardableResult
    public static func editComment(_ number: Int, text: String?, when condition: String?, at url: URL) throws
        -> CommentBank.Entry
    {
        let template = try text.map { try CommentTemplate($0) }
        let newCondition = try condition.map { text throws(CommentError) in
            StudentValidator.trimmed(text).isEmpty ? nil : try CommentCondition(parsing: text)
        }
        return try StorageHandler.updateMarkbook(
            at: url, command: "comments edit", summary: "change comment \(number)"
        ) { book, _ in
            var bank = book.comments ?? CommentBank()
            var entry = try bank.entry(number)
            if let template { entry.template = template }
            if let newCondition { entry.condition = newCondition }
            try check(entry, in: bank, book)
            bank.entries[number - 1] = entry
            book.comments = bank
            return entry
        }
    }

    /// Removes the comment numbered `number`; the comments after it move up one. Students who were
    /// given it keep their comment.
    @discardableResult
    public static func removeComment(_ number: Int, at url: URL) throws -> CommentBank.Entry {
        try StorageHandler.updateMarkbook(
            at: url, command: "comments remove", summary: "remove comment \(number)"
        ) {
            book, _ in
            var bank = book.comments ?? CommentBank()
            let removed = try bank.entry(number)
            bank.entries.remove(at: number - 1)
            book.comments = bank.isEmpty ? nil : bank
            return removed
        }
    }

    /// Sets the longest a comment may be, in characters; `nil` for roster's own.
    ///
    /// - Throws: ``ValidationError/outOfRange(field:text:range:)`` for a limit under 1 or over
    ///   ``CommentTemplate/maximumLength``.
    public static func setCommentLimit(_ limit: Int?, at url: URL) throws {
        if let limit, !(1...CommentTemplate.maximumLength).contains(limit) {
            throw ValidationError.outOfRange(
                field: "comment limit", text: String(limit), range: "1 to \(CommentTemplate.maximumLength)")
        }
        try StorageHandler.updateMarkbook(at: url, command: "comments limit") { book, _ in
            var bank = book.comments ?? CommentBank()
            bank.limit = limit
            book.comments = bank.isEmpty ? nil : bank
        }
    }

    /// Gives a student their report comment: the bank's comment numbered `number`, or `text`, or
    /// none when both are `nil`.
    ///
    /// - Returns: The student as they are now, and their comment filled.
    /// - Throws: ``LookupError``; ``CommentError`` for a number the bank lacks or a comment
    ///   that, filled for this student, is over the class's limit; ``ValidationError``.
    @discardableResult
    public static func chooseComment(
        for reference: String, number: Int? = nil, text: String? = nil, at url: URL
    )
        throws -> (student: Student, comment: String?)
    {
        let written = try text.map { try CommentTemplate($0) }
        return try StorageHandler.updateMarkbook(
            at: url, command: "comment", summary: "choose a comment"
        ) {
            book, students in
            let index = try RosterLookup.index(of: reference, in: students)
            let bank = book.comments ?? CommentBank()
            let template =
                try written ?? number.map { number throws(CommentError) in try bank.entry(number).template }
            if let template { try bank.check(template.filled(for: students[index])) }
            students[index][.comment] = template?.text
            return (students[index], template?.filled(for: students[index]))
        }
    }

    /// Refuses a comment over the bank's limit, or on a category the markbook does not have.
    private static func check(_ entry: CommentBank.Entry, in bank: CommentBank, _ book: Markbook) throws {
        try bank.check(entry.template.text)
        if case .category(let name) = entry.condition?.figure,
            !book.categories.contains(where: { Markbook.key($0.name) == Markbook.key(name) })
        {
            throw CommentError.unknownCategory(name, known: book.categories.map(\.name))
        }
    }
}
