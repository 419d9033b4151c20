import RosterEngine

/// The characters of a name: which show, which are marks, which are white space, which are
/// refused, sorted first by the plain blocks most names are made of, so that most scalars need no
/// lookup of their Unicode properties.
extension StudentValidator {
    /// The text without white space at either end; the text itself when it has none.
    static func trimmed(_ text: String) -> String {
        let isTrimmed = UTF16Encoding.withUTF8(of: text) { bytes in
            !bytes.isEmpty && !isWhitespace(UTF8Decoding.scalar(in: bytes, at: 0).value)
                && !isWhitespace(UTF8Decoding.lastScalar(in: bytes))
        }
        return isTrimmed ? text : trimmedSlowly(text)
    }

    static func isWhitespace(_ value: UInt32) -> Bool {
        !isPlainLetter(value) && (Unicode.Scalar(value)?.properties.isWhitespace ?? false)
    }

    /// The first scalar of the text that ``isForbidden(_:)``, read from its UTF-8 bytes.
    static func forbiddenScalar(_ text: String) -> Unicode.Scalar? {
        UTF16Encoding.withUTF8(of: text) { bytes in
            var index = 0
            while index < bytes.count {
                let (value, length) = UTF8Decoding.scalar(in: bytes, at: index)
                index += length
                if let scalar = Unicode.Scalar(value), isForbidden(scalar) { return scalar }
            }
            return nil
        }
    }

    /// Why a name read from a file could not have been typed into `add`, in words that follow
    /// "has", or `nil` when it could have. Control and layout characters are let through: they
    /// are shown escaped (see ``VisibleText``) and `edit` can fix them.
    static func problem(withStoredName name: String) -> String? {
        // Most names: short ASCII, which only needs one character that shows.
        if name.utf8.count <= maximumNameLength, name.utf8.allSatisfy({ $0 < 0x80 }) {
            if name.utf8.contains(where: { $0 > 0x20 && $0 != 0x7F }) { return nil }
            return name.isEmpty ? "an empty name" : "a name with no visible character"
        }
        let kept = trimmed(name)
        guard !kept.isEmpty else { return "an empty name" }
        if kept.utf8.count > maximumNameLength, kept.count > maximumNameLength {
            return "a name longer than \(maximumNameLength) characters"
        }
        let shape = shape(of: kept)
        guard shape.mostMarks <= maximumMarks else {
            return "a name with more than \(maximumMarks) marks on one character"
        }
        return shape.showsSomething ? nil : "a name with no visible character"
    }

    /// Whether a scalar is a combining mark, which sits on the character before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        if isPlainLetter(scalar.value) { return isPlainMark(scalar.value) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// In one pass over the text: the most combining marks in a row (what one character carries
    /// at most), and whether any character shows (see ``isVisible(_:)``).
    static func shape(of text: String) -> (mostMarks: Int, showsSomething: Bool) {
        UTF16Encoding.withUTF8(of: text) { bytes in
            var (most, run, showsSomething, index) = (0, 0, false, 0)
            while index < bytes.count {
                let (value, length) = UTF8Decoding.scalar(in: bytes, at: index)
                index += length
                // ASCII has no marks, and shows everything above the space. The plain blocks' only
                // marks are the combining diacritics and Cyrillic's; every other scalar of them is
                // a letter that shows, known without a lookup.
                if value < 0x80 {
                    run = 0
                    if value > 0x20 { showsSomething = true }
                } else if isPlainLetter(value) && !isPlainMark(value) {
                    (run, showsSomething) = (0, true)
                } else if let scalar = Unicode.Scalar(value), isMark(scalar) {
                    run += 1
                    most = max(most, run)
                } else {
                    run = 0
                    if !showsSomething, let scalar = Unicode.Scalar(value) {
                        showsSomething = isVisible(scalar)
                    }
                }
            }
            return (most, showsSomething)
        }
    }

    static func trimmedSlowly(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
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
