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
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
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
