import Foundation

/// A name prepared once for ordering the way people expect.
///
/// Case and accents are ignored, so `Émile` sorts beside `emile`, and runs of digits compare as
/// numbers, so `Student 2` comes before `Student 10`. Building the key folds the name once, so
/// sorting a class compares plain bytes instead of folding names again at every comparison.
public struct NameSortKey: Comparable, Sendable {
    private let bytes: [UInt8]

    /// Prepares `name` for comparison.
    ///
    /// - Parameter name: The name as stored.
    public init(_ name: String) {
        var folder = ScalarFolder()
        self.init(name, folder: &folder)
    }

    /// Prepares `name` with a folder shared by a whole sort, so each distinct letter is folded
    /// only once.
    init(_ name: String, folder: inout ScalarFolder) {
        var bytes: [UInt8] = []
        Self.append(name, to: &bytes, folder: &folder)
        self.bytes = bytes
    }

    /// Orders two keys as their names should be ordered.
    public static func < (lhs: NameSortKey, rhs: NameSortKey) -> Bool {
        lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
                    return left.count < right.count
                }
                let order = memcmp(leftStart, rightStart, min(left.count, right.count))
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    // Each folded scalar is written as UTF-8, so comparing bytes compares scalars. A run of digits
    // becomes the digit marker, its length without leading zeros, then the digits, so a longer
    // number always sorts after a shorter one and equal lengths compare digit by digit.
    static func append(_ name: String, to result: inout [UInt8], folder: inout ScalarFolder) {
        var name = name
        let isASCII = name.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            appendASCII(bytes, to: &result)
            return true
        }
        if !isASCII { appendScalars(name, to: &result, folder: &folder) }
    }

    /// The key of an all-ASCII name, byte by byte: what ``appendScalars(_:to:folder:)`` makes of
    /// it, without decoding scalars.
    private static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else {
                let byte = bytes[index]
                result.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                index += 1
                continue
            }
            let end = bytes[index...].firstIndex { !isDigit($0) } ?? bytes.count
            let start = bytes[index..<end].firstIndex { $0 != 0x30 } ?? end
            result.append(0x30)
            appendUTF8(UInt32(end - start), to: &result)
            result.append(contentsOf: bytes[start..<end])
            index = end
        }
    }

    static func appendScalars(_ name: String, to result: inout [UInt8], folder: inout ScalarFolder) {
        var digits: [UInt8] = []
        func append(_ scalar: UInt32) { appendUTF8(scalar, to: &result) }
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            append(0x30)
            append(UInt32(significant.count))
            for digit in significant { append(UInt32(digit)) }
            digits.removeAll(keepingCapacity: true)
        }
        for scalar in name.unicodeScalars {
            if (0x30...0x39).contains(scalar.value) {
                digits.append(UInt8(scalar.value))
                continue
            }
            flushDigits()
            folder.fold(scalar.value) { append($0) }
        }
        flushDigits()
    }

    /// UTF-8 orders bytes as it orders scalars, so it makes compact keys that compare by memcmp.
    private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            result.append(UInt8(scalar))
        case 0x80..<0x800:
            result.append(UInt8(0xC0 | scalar >> 6))
            result.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            result.append(UInt8(0xE0 | scalar >> 12))
            result.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            result.append(UInt8(0x80 | scalar & 0x3F))
        default:
            result.append(UInt8(0xF0 | scalar >> 18 & 0x07))
            result.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            result.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            result.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// Folds letters to what a case-, accent- and width-insensitive comparison sees: `É` to `e`,
/// `Ａ` to `a`, a combining accent to nothing.
///
/// ASCII is folded directly; any other letter is folded once with Foundation and remembered, in
/// a table for the Basic Multilingual Plane (made at the first letter beyond ASCII) and in a
/// dictionary beyond it.
struct ScalarFolder {
    private var basic: [UInt32] = []
    private var others: [UInt32: [UInt32]] = [:]

    private static let unknown = UInt32.max
    private static let several = UInt32.max - 1

    /// The scalars `text` folds to.
    mutating func folded(_ text: String) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { fold(scalar.value) { result.append($0) } }
        return result
    }

    /// Calls `emit` with each scalar that `scalar` folds to, in order.
    mutating func fold(_ scalar: UInt32, _ emit: (UInt32) -> Void) {
        if scalar < 0x80 {
            emit((0x41...0x5A).contains(scalar) ? scalar | 0x20 : scalar)
            return
        }
        if Self.isCombiningAccent(scalar) { return }
        if scalar < 0x1_0000 {
            if basic.isEmpty { basic = [UInt32](repeating: Self.unknown, count: 0x1_0000) }
            if basic[Int(scalar)] == Self.unknown {
                let folded = Self.foundationFold(scalar)
                basic[Int(scalar)] = folded.count == 1 ? folded[0] : Self.several
                if folded.count != 1 { others[scalar] = folded }
            }
            let single = basic[Int(scalar)]
            if single != Self.several {
                emit(single)
                return
            }
        } else if others[scalar] == nil {
            others[scalar] = Self.foundationFold(scalar)
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

    private static func foundationFold(_ scalar: UInt32) -> [UInt32] {
        guard let value = Unicode.Scalar(scalar) else { return [scalar] }
        let folded = String(Character(value)).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.unicodeScalars.map(\.value)
    }
}
