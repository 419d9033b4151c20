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
