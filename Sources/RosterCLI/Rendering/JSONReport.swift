import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `--format json` report: a value that `JSONEncoder` writes, so that every string in it is
/// escaped by the encoder and no report is built from strings by hand.
enum JSONReport {
    /// `value` as compact JSON text, keys sorted so that the same report is always the same
    /// text, and a final newline.
    ///
    /// Every character a terminal would obey (see ``VisibleText/isControl(_:)``) is written as a
    /// JSON escape, `\u202e`: the report shows safely and still reads back as the same text.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// JSON text with the controls the encoder leaves as they are (U+007F to U+009F, text
    /// direction, line separators) written as `\uXXXX`.
    static func escapingControls(_ json: String) -> String {
        // Each of them starts with one of these bytes in UTF-8.
        guard json.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if VisibleText.isControl(scalar) {
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A value a report always carries, written `null` when it is missing (`JSONEncoder` would
/// leave the key out).
struct Nullable<Wrapped: Encodable>: Encodable {
    let value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
