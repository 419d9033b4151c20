/// Case, accent and width folding of one scalar from the Unicode data in the Swift standard
/// library, so that roster needs no ICU: Foundation's `folding(options:locale:)` would bring
/// 38 MB of ICU data into the binary.
///
/// - Case: the scalar's lower-case mapping (and `ß` to `ss`, as case folding does).
/// - Accents: a letter whose Unicode name is another letter's name `WITH` marks (`LATIN SMALL
///   LETTER E WITH ACUTE`) folds to that letter; a few letters whose accent is not in their
///   name (`й`, `ё`) are listed.
/// - Width: full-width ASCII (`Ａ`) folds to ASCII.
package enum UnicodeFolding {
    /// What `scalar` folds to: usually one scalar, sometimes none or several.
    package static func fold(_ scalar: UInt32) -> [UInt32] {
        if (0xFF01...0xFF5E).contains(scalar) { return fold(scalar - 0xFEE0) }
        if scalar == 0xDF || scalar == 0x1E9E { return [0x73, 0x73] }
        guard let value = Unicode.Scalar(scalar) else { return [scalar] }
        let base = unaccented[scalar].flatMap(Unicode.Scalar.init) ?? value
        return base.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }

    /// Letters with accents in the blocks where names are written, mapped to their base letter.
    private static let unaccented: [UInt32: UInt32] = {
        let blocks: [ClosedRange<UInt32>] = [0xC0...0x52F, 0x1E00...0x1FFF]
        var byName: [String: UInt32] = [:]
        var accented: [(UInt32, Substring)] = []
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
                byName[name] = value
                if let with = name.firstRange(of: " WITH ") {
                    accented.append((value, name[..<with.lowerBound]))
                }
            }
        }
        for value in UInt32(0x41)...0x7A {
            if let name = Unicode.Scalar(value)?.properties.name { byName[name] = value }
        }
        var table: [UInt32: UInt32] = [
            0x439: 0x438, 0x419: 0x418, 0x451: 0x435, 0x401: 0x415, 0x457: 0x456, 0x407: 0x406,
        ]
        for (value, baseName) in accented {
            if let base = byName[String(baseName)] { table[value] = base }
        }
        return table
    }()
}
