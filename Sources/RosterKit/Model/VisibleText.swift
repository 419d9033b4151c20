/// Text from a file made safe to show: every control character written out as `\u{1B}`.
///
/// A name in a roster file or a field in an import file may hold characters that a terminal
/// obeys rather than shows: escape sequences that retitle the window or move the cursor, a
/// carriage return that hides what came before. roster never prints them; it shows each one as
/// the Swift escape for it, as `git` and `ls` show such names. Ordinary text comes back as it is.
public enum VisibleText {
    /// `text` with every control character (U+0000 to U+001F, U+007F to U+009F), text-direction
    /// control (U+202A to U+202E, U+2066 to U+2069) and line or paragraph separator (U+2028,
    /// U+2029) written as `\u{…}`; the same string when it has none.
    ///
    /// - Parameter text: Text read from a file.
    /// - Returns: Text that a terminal shows as it is.
    public static func of(_ text: String) -> String {
        // Every scalar escaped starts with one of these bytes in UTF-8 (U+2028 to U+2069: 0xE2).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as ``of(_:)`` makes it, cut to at most `limit` characters with `…` when longer: for
    /// a value echoed in an error or a note.
    ///
    /// - Parameters:
    ///   - text: Text read from a file.
    ///   - limit: The most characters to show.
    /// - Returns: Text that a terminal shows as it is, at most `limit` characters and an ellipsis.
    public static func quoted(_ text: Substring, limit: Int = 60) -> String {
        // Counted no further than the limit, so a huge value costs no more than a short one.
        let start = text.prefix(limit + 1)
        return of(start.count > limit ? String(start.prefix(limit)) + "…" : String(start))
    }

    /// Whether a terminal may act on `scalar` instead of showing it, or it changes how the text
    /// around it is laid out: the characters ``of(_:)`` writes out.
    ///
    /// - Parameter scalar: One character of text read from a file.
    /// - Returns: `true` for a control, text-direction or line-separator character.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x2028...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
