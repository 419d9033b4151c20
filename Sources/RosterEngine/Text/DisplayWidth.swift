/// How many terminal columns text takes: wide East Asian characters and emoji take two, combining
/// marks and joiners none.
package enum DisplayWidth {
    /// The columns `text` takes.
    package static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return simpleWidth(text) ?? text.reduce(0) { $0 + of($1) }
    }

    /// The width of text made only of letters whose width is plain (Latin, Vietnamese, Greek,
    /// Cyrillic, Hebrew, Arabic, CJK, Hangul), counted scalar by scalar; `nil` when anything needs
    /// the full rules.
    ///
    /// Most names take this path, which avoids splitting them into grapheme clusters.
    private static func simpleWidth(_ text: String) -> Int? {
        var width = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x5D0..<0x5EB,
                0x620..<0x64B,
                0x1E00..<0x2000, 0x2010..<0x2028:
                width += 1
            case 0x3041..<0x3097, 0x30A1..<0x30FB, 0x4E00..<0xA000, 0xAC00..<0xD7A4: width += 2
            default: return nil
            }
        }
        return width
    }

    /// The columns one user-perceived character takes.
    ///
    /// An emoji sequence, however many scalars it joins, takes two columns: a flag, a skin tone,
    /// a keycap, and a zero-width-joiner sequence even of emoji shown as text alone (👁‍🗨 is an eye
    /// and a speech bubble, drawn as one emoji); otherwise each scalar counts as a terminal's
    /// `wcwidth` counts it, so a Devanagari vowel sign takes its own column.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        let joinsEmoji =
            scalars.contains { $0.value == 0x200D }
            && scalars.contains { $0.value > 0xFF && $0.properties.isEmoji }
        if joinsEmoji { return 2 }
        // A variation selector asks for an emoji only after a character that has one: after a
        // letter ("Ada" + U+FE0F) it shows nothing.
        let asksForEmoji =
            scalars.contains { $0.value == 0xFE0F } && scalars.first?.properties.isEmoji == true
        if asksForEmoji || scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// Shortens `text` to at most `limit` columns, ending with `…` when anything was cut.
    package static func truncated(_ text: String, to limit: Int) -> String {
        guard of(text) > limit else { return text }
        guard limit > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `width` columns.
    package static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    private static func of(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(scalar.value) || scalar.value == 0x200B { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && wideRanges.contains { $0.contains(value) }
    }
}
