/// Text written into the files and listings other programs read: a JSON string's escapes and a
/// CSV field's quotes and guard, each applied in one place.
extension ByteCursor {
    /// The first bytes that make a spreadsheet take a cell as a formula (`=`, `+`, `-`, `@`, a
    /// tab or a carriage return), and the quote that guards them; such a field is written with
    /// a `'` first.
    package static let formulaStarts: Set<UInt8> = Set("=+-@\t\r'".utf8)

    /// A CSV field as it was before ``append(csvField:)`` guarded it: without the `'` put before
    /// a field a spreadsheet would run, so that what roster writes reads back the same.
    package static func unguarded(csvField field: String) -> String {
        let bytes = field.utf8
        guard bytes.first == UInt8(ascii: "'"), let second = bytes.dropFirst().first,
            formulaStarts.contains(second)
        else { return field }
        return String(field.dropFirst())
    }

    /// Appends `text` as one CSV field: quoted when it holds a separator (`,` or `;`), a quote
    /// or a line break, its quotes doubled, and with `'` first when a spreadsheet would take it
    /// for a formula.
    package mutating func append(csvField text: String) {
        UTF16Encoding.withUTF8(of: text) { bytes in
            let needsGuard = bytes.first.map(Self.formulaStarts.contains) ?? false
            // Quoted for either delimiter, so the same rule serves both files.
            let needsQuotes = bytes.contains {
                $0 == 0x2C || $0 == 0x3B || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A
            }
            if needsQuotes { append(0x22) }
            if needsGuard { append(UInt8(ascii: "'")) }
            guard needsQuotes else { return append(bytes) }
            for byte in bytes {
                if byte == 0x22 { append(0x22) }
                append(byte)
            }
            append(0x22)
        }
    }

    /// Appends `text` with JSON's escapes, and with every control character escaped, DEL and
    /// the C1 controls (U+0080 to U+009F, whose UTF-8 starts with 0xC2) too, and the
    /// text-direction controls and line separators (U+2028 to U+202E, U+2066 to U+2069, which
    /// start with 0xE2), so that JSON printed to a terminal cannot drive it, and reads back as
    /// the same text.
    package mutating func append(jsonEscaped text: String) {
        UTF16Encoding.withUTF8(of: text) { bytes in
            guard
                bytes.contains(where: {
                    $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
                })
            else { return append(bytes) }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): append(static: "\\\"")
                case UInt8(ascii: "\\"): append(static: "\\\\")
                case 0x0A: append(static: "\\n")
                case 0x0D: append(static: "\\r")
                case 0x09: append(static: "\\t")
                case 0..<0x20, 0x7F: appendUnicodeEscape(UInt16(byte))
                case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                    appendUnicodeEscape(UInt16(bytes[index]))
                    index += 1
                case 0xE2
                where index + 1 < bytes.count && Self.isLayoutControl(bytes[index], bytes[index + 1]):
                    // E2 80 A8 is U+2028: the low six bits of each continuation byte.
                    appendUnicodeEscape(
                        0x2000 | (UInt16(bytes[index] & 0x3F) << 6) | UInt16(bytes[index + 1] & 0x3F))
                    index += 2
                default: append(byte)
                }
            }
        }
    }

    /// Whether `E2 second third` is U+2028 to U+202E or U+2066 to U+2069.
    private static func isLayoutControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// Appends `\uXXXX` for a character of the Basic Multilingual Plane, in lower case.
    private mutating func appendUnicodeEscape(_ value: UInt16) {
        append(static: "\\u")
        for shift in [12, 8, 4, 0] as [UInt16] {
            append(UUIDText.digit(UInt8((value >> shift) & 0x0F)) | 0x20)
        }
    }
}
