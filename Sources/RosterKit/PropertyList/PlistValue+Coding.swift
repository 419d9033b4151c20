#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any key of a dictionary: one of roster's keys of a student's record, or another app's.
struct RecordKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) {
        stringValue = key
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

/// A property-list value through `Codable`, so that a ``Student`` an app encodes keeps what
/// roster does not interpret: its marks and other apps' keys.
///
/// `PropertyListEncoder` writes each value as the file holds it. JSON has no dates or data:
/// `JSONEncoder` writes them as its strategies say, and they come back as the number or text
/// that JSON holds; a real with no fraction (`2.0`) may come back as an integer.
extension PlistValue: Codable {
    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [PlistValue] = []
            while !list.isAtEnd { values.append(try list.decode(PlistValue.self)) }
            self = .array(values)
        } else if let dictionary = try? decoder.container(keyedBy: RecordKey.self) {
            self = .dictionary(try Self.entries(of: dictionary))
        } else {
            self = try Self.scalar(try decoder.singleValueContainer())
        }
    }

    /// The entries of a dictionary, in the order the decoder gives its keys.
    static func entries(of dictionary: KeyedDecodingContainer<RecordKey>) throws -> [PlistEntry] {
        try dictionary.allKeys.map { key in
            PlistEntry(key: key.stringValue, value: try dictionary.decode(PlistValue.self, forKey: key))
        }
    }

    private static func scalar(_ value: any SingleValueDecodingContainer) throws -> PlistValue {
        if let flag = try? value.decode(Bool.self) { return .bool(flag) }
        if let number = try? value.decode(Int64.self) { return .integer(number) }
        if let number = try? value.decode(Double.self) { return .real(number) }
        if let text = try? value.decode(String.self) { return .string(text) }
        if let date = try? value.decode(Date.self) { return .date(date.timeIntervalSinceReferenceDate) }
        return .data(Array(try value.decode(Data.self)))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let values):
            var list = encoder.unkeyedContainer()
            for value in values { try list.encode(value) }
        case .dictionary(let entries):
            var dictionary = encoder.container(keyedBy: RecordKey.self)
            for entry in entries { try dictionary.encode(entry.value, forKey: RecordKey(entry.key)) }
        default:
            try encodeScalar(to: encoder.singleValueContainer())
        }
    }

    private func encodeScalar(to container: consuming any SingleValueEncodingContainer) throws {
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .real(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .date(let seconds): try container.encode(Date(timeIntervalSinceReferenceDate: seconds))
        case .data(let bytes): try container.encode(Data(bytes))
        case .uid(let number): try container.encode(number)
        case .array, .dictionary: break
        }
    }
}
