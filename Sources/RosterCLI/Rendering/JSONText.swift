import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Single JSON values for the reports commands print, built the same way everywhere.
enum JSONText {
    /// `text` as a JSON string, quoted and escaped.
    static func string(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// A number that may be missing: the number, or `null`.
    static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }

    /// A score that may be missing, in plain decimals, or `null`.
    static func score(_ value: Double?) -> String {
        value.map(JSONRosterWriter.number) ?? "null"
    }

    /// An array of values already written as JSON, one per line, two spaces further in than the
    /// brackets, which stand at `indent`; `[]` when empty.
    static func array(_ values: [String], indent: String = "  ") -> String {
        values.isEmpty
            ? "[]" : "[\n" + values.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)]"
    }
}
