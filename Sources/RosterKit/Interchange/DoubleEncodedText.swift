/// Text that was UTF-8, read as Windows-1252 or Latin-1, and saved as UTF-8 again.
///
/// A spreadsheet that opens a UTF-8 file in the wrong encoding turns `Zoë` into `ZoÃ«` and `’`
/// into `â€™`. Such text is still valid UTF-8, so only its shape gives it away: mapped back to
/// single bytes, it is UTF-8 once more.
enum DoubleEncodedText {
    /// The text as it was before it was decoded twice, or `nil` when it does not read that way.
    static func original(of text: String) -> String? {
        // Every lead of a two-, three- or four-byte sequence read as one byte is U+00C2…U+00F4,
        // which UTF-8 writes as 0xC3 0x82…0xB4: text without 0xC3 is spared the closer look.
        guard text.utf8.contains(0xC3), hasLeadBeforeContinuation(text) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard let byte = byte(readAs: scalar) else { return nil }
            bytes.append(byte)
        }
        guard let original = String(validating: bytes, as: UTF8.self), original != text else { return nil }
        return original
    }

    /// Whether a lead byte read as one character (U+00C2…U+00F4) is followed by a continuation
    /// byte read as one (0x80…0xBF): `Zoë` is not, `ZoÃ«` is.
    private static func hasLeadBeforeContinuation(_ text: String) -> Bool {
        var afterLead = false
        for scalar in text.unicodeScalars {
            let byte = byte(readAs: scalar)
            if afterLead, let byte, (0x80...0xBF).contains(byte) { return true }
            afterLead = byte.map { (0xC2...0xF4).contains($0) } ?? false
        }
        return false
    }

    /// The byte that Windows-1252 (or Latin-1, for 0x80…0x9F that Windows-1252 leaves out) reads
    /// as `scalar`, or `nil` when no single byte does.
    private static func byte(readAs scalar: Unicode.Scalar) -> UInt8? {
        scalar.value < 0x100 ? UInt8(scalar.value) : windows1252[scalar.value]
    }

    /// The characters Windows-1252 puts at 0x80…0x9F, where Latin-1 has control characters.
    private static let windows1252: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
        0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
        0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
        0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}
