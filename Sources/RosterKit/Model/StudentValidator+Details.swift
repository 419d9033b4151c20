import RosterEngine

/// The rules for the text fields a school gives a student beside the tutorial's: the school's id,
/// the name's parts and a note.
extension StudentValidator {
    /// Checks the school's id of a student: one line of at most ``maximumTextLength`` characters,
    /// trimmed; its leading zeros are kept.
    ///
    /// - Parameter text: The id as typed or read.
    /// - Returns: The trimmed id, or `nil` when nothing is left.
    /// - Throws: ``ValidationError`` when it is too long or holds control characters.
    public static func schoolID(_ text: String) throws -> String? {
        try freeText(text, field: "school id")
    }

    /// Checks a first or last name by the rules of a whole name (see ``name(_:)``).
    ///
    /// - Parameter text: The part as typed or read.
    /// - Returns: The trimmed part, or `nil` when it is empty.
    /// - Throws: ``ValidationError`` for a part a name could not hold.
    public static func namePart(_ text: String) throws -> String? {
        guard !trimmed(text).isEmpty else { return nil }
        return try name(text)
    }

    /// Checks a teacher's note: one line of at most ``maximumTextLength`` characters, trimmed.
    ///
    /// - Parameter text: The note as typed or read.
    /// - Returns: The trimmed note, or `nil` when it is empty (which clears a note).
    /// - Throws: ``ValidationError`` when it is too long or holds control characters.
    public static func note(_ text: String) throws -> String? {
        try freeText(text, field: "note")
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

    /// A detail read from a file, checked as it is when typed; `nil` when it is empty.
    static func detail(_ detail: StudentDetail, _ text: String) throws -> String? {
        switch detail {
        case .schoolID: return try schoolID(text)
        case .firstName, .lastName: return try namePart(text)
        case .note: return try note(text)
        case .joined, .left: return try enrolmentDay(text, field: detail == .joined ? "joined" : "left")
        }
    }
}
