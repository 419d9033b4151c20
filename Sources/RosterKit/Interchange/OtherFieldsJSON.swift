import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Other apps' keys of a student (see ``Student``) in a JSON export and back: each value as JSON
/// can hold it. Text, numbers, true and false, lists and dictionaries come back as they were; a
/// date comes back as its ISO 8601 text and data as its Base64 text, since JSON has neither.
enum OtherFieldsJSON {
    /// The keys roster reads itself; every other key of a JSON row is another app's.
    static let knownKeys: Set<String> = Set(
        StudentField.keys + [RegisterCoding.key] + StudentDetail.allCases.map(\.key))

    /// `,"key":value` for each field, in order.
    static func text(of fields: [PlistEntry]) -> String {
        // An age kept as written is among them, and is written as the age.
        fields.lazy.filter { !knownKeys.contains($0.key) }.map { ",\(quoted($0.key)):\(text(of: $0.value))" }
            .joined()
    }

    private static func text(of value: PlistValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? DecimalText.shortest(number) : quoted(String(number))
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let seconds): return quoted(PlistDate.iso8601(fromSeconds: seconds))
        case .data(let bytes): return quoted(Data(bytes).base64EncodedString())
        case .uid(let number): return String(number)
        case .array(let values): return "[" + values.map(text(of:)).joined(separator: ",") + "]"
        case .dictionary(let entries):
            return "{" + entries.map { "\(quoted($0.key)):\(text(of: $0.value))" }.joined(separator: ",")
                + "}"
        }
    }

    /// A JSON string, escaped as every string of roster's JSON is (see `ByteCursor.append(jsonEscaped:)`).
    private static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        output.appendRow(maximumCount: 2 + 6 * text.utf8.count) { row in
            row.append(UInt8(ascii: "\""))
            row.append(jsonEscaped: text)
            row.append(UInt8(ascii: "\""))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A JSON value as it is read back: any of JSON's kinds.
    enum Value: Decodable {
        case string(String)
        case integer(Int64)
        case real(Double)
        case bool(Bool)
        case null
        case array([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int64.self) {
                self = .integer(number)
            } else if let number = try? container.decode(Double.self) {
                self = .real(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let values = try? container.decode([Value].self) {
                self = .array(values)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// The value as a property list keeps it; `nil` for `null`, which a property list has not.
        var plist: PlistValue? {
            switch self {
            case .string(let text): return .string(text)
            case .integer(let number): return .integer(number)
            case .real(let number): return .real(number)
            case .bool(let flag): return .bool(flag)
            case .null: return nil
            case .array(let values): return .array(values.compactMap(\.plist))
            case .object(let entries): return .dictionary(OtherFieldsJSON.entries(of: entries))
            }
        }
    }

    /// The other apps' fields of a row, by key in order; `null` values are left out.
    static func fields(of object: [String: Value]) -> [PlistEntry] {
        entries(of: object.filter { !knownKeys.contains($0.key) })
    }

    /// A JSON object's entries as a property list's dictionary keeps them, by key in order.
    private static func entries(of object: [String: Value]) -> [PlistEntry] {
        object.sorted { $0.key < $1.key }.compactMap { key, value in
            value.plist.map { PlistEntry(key: key, value: $0) }
        }
    }
}
