/// Text from a file made safe to show: every control character written out as `\u{1B}`.
///
/// A name in a roster file or a field in an import file may hold characters that a terminal
/// obeys rather than shows: escape sequences that retitle the window or move the cursor, a
/// carriage return that hides what came before. roster never prints them; it shows each one as
/// the Swift escape for it, as `git` and `ls` show such names. Ordinary text comes back as it is.
package enum VisibleText {
    /// `text` with every control character (U+0000 to U+001F, U+007F to U+009F), text-direction
    /// control (U+202A to U+202E, U+2066 to U+2069) and line or paragraph separator (U+2028,
    /// U+2029) written as `\u{…}`; the same string when it has none.
    ///
    /// - Parameter text: Text read from a file.
    /// - Returns: Text that a terminal shows as it is.
    package static func of(_ text: String) -> String {
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
    package static func quoted(_ text: Substring, limit: Int = 60) -> String {
        // Counted no further than the limit, so a huge value costs no more than a short one.
        let start = text.prefix(limit + 1)
        return of(start.count > limit ? String(start.prefix(limit)) + "…" : String(start))
    }

    /// Whether a terminal may act on `scalar` instead of showing it, or it changes how the text
    /// around it is laid out: the characters ``of(_:)`` writes out.
    ///
    /// - Parameter scalar: One character of text read from a file.
    /// - Returns: `true` for a control, text-direction or line-separator character.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x2028...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}

/// The classes of a character that decide whether it shows: which are marks, which are white space,
/// which take no room, and which a name may not hold. The plain blocks most names are made of are
/// sorted first, so that most scalars need no lookup of their Unicode properties.
extension VisibleText {
    /// Whether a scalar is white space; a plain letter never is, so most need no lookup.
    static func isWhitespace(_ value: UInt32) -> Bool {
        !isPlainLetter(value) && (Unicode.Scalar(value)?.properties.isWhitespace ?? false)
    }

    /// Whether a scalar is a combining mark, which sits on the character before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        if isPlainLetter(scalar.value) { return isPlainMark(scalar.value) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Whether the scalar is in a block whose every code point is an assigned letter, digit, mark or
    /// punctuation (never a space, control or format character), which most names are made of.
    /// Checking this first spares most scalars the costlier lookup of their general category.
    static func isPlainLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x21..<0x7F, 0xAE..<0x378, 0x386..<0x38B, 0x38E..<0x3A2, 0x3A3..<0x530, 0x5D0..<0x5EB,
            0x620..<0x64B, 0x1E00..<0x1F00, 0x3041..<0x3097, 0x30A1..<0x30FB, 0x4E00..<0xA000,
            0xAC00..<0xD7A4:
            return true
        default:
            return false
        }
    }

    /// Whether a scalar of a plain block (see ``isPlainLetter(_:)``) is a combining mark.
    static func isPlainMark(_ value: UInt32) -> Bool {
        (0x300..<0x370).contains(value) || (0x483..<0x48A).contains(value)
    }

    /// Whether a scalar shows as something of its own: not a space, not an invisible character,
    /// not a combining mark, which needs a letter to sit on.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value > 0x20 }
        if isPlainLetter(scalar.value) { return !isPlainMark(scalar.value) }
        if isInvisible(scalar) || scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return false
        default: return true
        }
    }

    /// Whether a scalar takes no room and shows nothing: a format character such as a zero-width
    /// joiner, a variation selector, or a blank filler such as U+3164 or U+2800. Two names that
    /// differ only by these are the same name to a reader, and to ``RosterLookup``.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x2800, 0x3164, 0xFE00...0xFE0F, 0xFFA0,
            0xE0100...0xE01EF:
            return true
        default:
            return scalar.value > 0x7F && scalar.properties.generalCategory == .format
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        if isPlainLetter(scalar.value) || scalar.value == 0x20 { return false }
        // Control characters break the table and the file's one-line-per-row formats; format
        // characters such as right-to-left overrides can make a name display as another name.
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            return scalar.value != 0x200C && scalar.value != 0x200D
        default:
            return false
        }
    }
}
