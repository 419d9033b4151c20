/// Case, accent and width folding of one scalar from the Unicode data in the Swift standard
/// library, so that roster needs no ICU: Foundation's `folding(options:locale:)` would bring
/// 38 MB of ICU data into the binary.
///
/// - Case: the scalar's lower-case mapping (and `ß` to `ss`, as case folding does).
/// - Accents: a Latin, Greek or Cyrillic letter whose Unicode name is another letter's name
///   `WITH` marks (`LATIN SMALL LETTER E WITH ACUTE`) folds to that letter; a few letters whose
///   accent is not in their name (`й`, `ё`) are listed.
/// - Width: full-width ASCII (`Ａ`) folds to ASCII.
/// - As a teacher types them: `ı` to `i`, `æ` to `ae`, `œ` to `oe`, `ð` to `d`, `þ` to `th`, and a
///   curly apostrophe (`’`) to a straight one.
package enum UnicodeFolding {
    /// What `scalar` folds to: usually one scalar, sometimes none or several.
    package static func fold(_ scalar: UInt32) -> [UInt32] {
        if (0xFF01...0xFF5E).contains(scalar) { return fold(scalar - 0xFEE0) }
        if scalar == 0xDF || scalar == 0x1E9E { return [0x73, 0x73] }
        if let typed = asTyped[scalar] { return typed }
        guard let value = Unicode.Scalar(scalar) else { return [scalar] }
        let base = unaccented(value) ?? value
        return base.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }

    /// The letter that `value` is with its accents taken off, read from its name; `nil` when it
    /// has none. Only the letter's own name is looked up, so folding a name costs microseconds.
    private static func unaccented(_ value: Unicode.Scalar) -> Unicode.Scalar? {
        if let letter = withoutNamedAccent[value.value] { return Unicode.Scalar(letter) }
        guard let name = value.properties.name, let with = name.firstRange(of: " WITH ") else { return nil }
        let base = name[..<with.lowerBound]
        if base.hasPrefix("LATIN "), let letter = base.split(separator: " ").last, letter.count == 1,
            let ascii = letter.unicodeScalars.first, ascii.isASCII
        {
            return Unicode.Scalar(base.contains(" SMALL ") ? ascii.value | 0x20 : ascii.value)
        }
        if base.hasPrefix("GREEK ") { return greek[String(base)].flatMap(Unicode.Scalar.init) }
        if base.hasPrefix("CYRILLIC ") { return cyrillic[String(base)].flatMap(Unicode.Scalar.init) }
        return nil
    }

    /// Letters and marks a keyboard without them spells otherwise, both cases.
    private static let asTyped: [UInt32: [UInt32]] = [
        0x131: [0x69], 0xE6: [0x61, 0x65], 0xC6: [0x61, 0x65], 0x153: [0x6F, 0x65], 0x152: [0x6F, 0x65],
        0xF0: [0x64], 0xD0: [0x64], 0xFE: [0x74, 0x68], 0xDE: [0x74, 0x68], 0x2019: [0x27], 0x2018: [0x27],
        0x2BC: [0x27],
    ]

    /// Letters whose accent is not in their name: `й`, `ё`, `ї` and their capitals.
    private static let withoutNamedAccent: [UInt32: UInt32] = [
        0x439: 0x438, 0x419: 0x418, 0x451: 0x435, 0x401: 0x415, 0x457: 0x456, 0x407: 0x406,
    ]

    /// The Greek and Cyrillic letters by name, made the first time an accented one is folded.
    private static let greek = names(in: 0x391...0x3C9)
    private static let cyrillic = names(in: 0x400...0x45F)

    private static func names(in block: ClosedRange<UInt32>) -> [String: UInt32] {
        var names: [String: UInt32] = [:]
        for value in block {
            if let name = Unicode.Scalar(value)?.properties.name { names[name] = value }
        }
        return names
    }
}

/// Folds letters to what a case-, accent- and width-insensitive comparison sees: `É` to `e`,
/// `Ａ` to `a`, a combining accent to nothing.
///
/// ASCII is folded directly; any other letter is folded once (see ``UnicodeFolding``) and
/// remembered: in a dictionary at first, and once many letters have been folded, in a table for
/// the Basic Multilingual Plane, which is faster to read but costs a quarter of a megabyte to
/// make, too much for a class of 30.
package struct ScalarFolder {
    private var basic: [UInt32] = []
    private var others: [UInt32: [UInt32]] = [:]
    /// How many letters beyond ASCII have been folded without the table.
    private var foldedWithoutTable = 0
    /// How many of those make the table worth making.
    private static let tableThreshold = 4096

    private static let unknown = UInt32.max
    private static let several = UInt32.max - 1

    /// A folder that has folded nothing yet.
    package init() {}

    /// Calls `emit` with each scalar that `scalar` folds to, in order.
    package mutating func fold(_ scalar: UInt32, _ emit: (UInt32) -> Void) {
        if scalar < 0x80 {
            emit((0x41...0x5A).contains(scalar) ? scalar | 0x20 : scalar)
            return
        }
        if Self.isCombiningAccent(scalar) { return }
        if scalar < 0x1_0000, !basic.isEmpty || foldedWithoutTable >= Self.tableThreshold {
            if basic.isEmpty { basic = [UInt32](repeating: Self.unknown, count: 0x1_0000) }
            if basic[Int(scalar)] == Self.unknown {
                let folded = UnicodeFolding.fold(scalar)
                basic[Int(scalar)] = folded.count == 1 ? folded[0] : Self.several
                if folded.count != 1 { others[scalar] = folded }
            }
            let single = basic[Int(scalar)]
            if single != Self.several {
                emit(single)
                return
            }
        } else {
            foldedWithoutTable += 1
            if others[scalar] == nil { others[scalar] = UnicodeFolding.fold(scalar) }
        }
        for folded in others[scalar] ?? [] { emit(folded) }
    }

    /// Accents written as separate combining marks, as in a decomposed `é`, which folding
    /// drops just as it drops the accent of a composed one.
    private static func isCombiningAccent(_ scalar: UInt32) -> Bool {
        (0x300...0x36F).contains(scalar) || (0x1AB0...0x1AFF).contains(scalar)
            || (0x1DC0...0x1DFF).contains(scalar)
            || (0x20D0...0x20FF).contains(scalar) || (0xFE20...0xFE2F).contains(scalar)
    }
}
