import RosterEngine

/// The rules for the text fields a student has beside the tutorial's (``StudentDetail``).
extension StudentValidator {
    /// Checks a first or last name by the rules of a whole name (see ``name(_:)``).
    ///
    /// - Parameter text: The part as typed or read.
    /// - Returns: The trimmed part, or `nil` when it is empty.
    /// - Throws: ``ValidationError`` for a part a name could not hold.
    public static func namePart(_ text: String) throws -> String? {
        guard !trimmed(text).isEmpty else { return nil }
        return try name(text)
    }

    /// The display name of a student known by parts: "first last", or whichever part there is.
    ///
    /// - Parameters:
    ///   - first: The first name, checked.
    ///   - last: The last name, checked.
    /// - Returns: The name to show, or `nil` when both parts are `nil`.
    public static func displayName(first: String?, last: String?) -> String? {
        switch (first, last) {
        case (let first?, let last?): return first + " " + last
        case (let part?, nil), (nil, let part?): return part
        case (nil, nil): return nil
        }
    }

    /// A day a student joined or left the class, written `YYYY-MM-DD`; `nil` when it is empty.
    ///
    /// - Throws: ``ValidationError/notANumber(field:text:expected:)`` for any other text.
    public static func enrolmentDay(_ text: String, field: String) throws -> String? {
        let trimmed = String(text.trimmingWhitespace())
        guard !trimmed.isEmpty else { return nil }
        guard let day = SchoolDay.stored(trimmed) else {
            throw ValidationError.notANumber(
                field: field, text: trimmed, expected: "a date written YYYY-MM-DD")
        }
        return day.text
    }

    /// Checks an email address, such as a guardian's: one word of printable ASCII with one `@`,
    /// something before it and a domain with a dot after it, at most 254 characters, trimmed. The
    /// rule is stricter than RFC 5322 allows, so that an address roster keeps can always be written
    /// into a mail's header as it is.
    ///
    /// - Returns: The trimmed address, or `nil` when it is empty (which clears it).
    /// - Throws: ``ValidationError/notAnAddress(field:text:)`` for any other text.
    public static func emailAddress(_ text: String, field: String) throws -> String? {
        let address = String(text.trimmingWhitespace())
        guard !address.isEmpty else { return nil }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= 254, parts.count == 2, isMailbox(parts[0]), isDomain(parts[1]) else {
            throw ValidationError.notAnAddress(field: field, text: address)
        }
        return address
    }

    /// Whether `text` is an address's part before the `@`: printable ASCII without the characters
    /// a header gives a meaning to.
    private static func isMailbox(_ text: Substring) -> Bool {
        let special = Set("\"(),:;<>[\\]".utf8)
        return !text.isEmpty && text.utf8.allSatisfy { (0x21..<0x7F).contains($0) && !special.contains($0) }
    }

    /// Whether `text` is a domain of two labels or more, each of ASCII letters, digits and `-`.
    private static func isDomain(_ text: Substring) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
                    }
            }
    }

    /// A detail typed or read from a file, checked by its rule; `nil` when it is empty.
    ///
    /// - Parameters:
    ///   - detail: The field.
    ///   - text: Its text, as typed or read.
    /// - Returns: The text to keep, or `nil` when it is empty (which clears the field).
    /// - Throws: ``ValidationError`` when the text breaks the field's rule.
    public static func detail(_ detail: StudentDetail, _ text: String) throws -> String? {
        switch detail.facts.rule {
        case .text: return try freeText(text, field: detail.field)
        case .namePart: return try namePart(text)
        case .day: return try enrolmentDay(text, field: detail.field)
        case .emailAddress: return try emailAddress(text, field: detail.field)
        case .comment: return StudentValidator.trimmed(text).isEmpty ? nil : try CommentTemplate(text).text
        }
    }
}
