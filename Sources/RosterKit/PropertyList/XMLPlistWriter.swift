import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a property-list value, such as a roster's records (see ``PlistValue/roster(of:conventions:)``),
/// as an XML property list in the layout Apple's tools use.
enum XMLPlistWriter {
    /// Encodes any value: a roster's records, with whatever keys of other apps they keep.
    ///
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when a string holds a control character.
    static func bytes(for value: PlistValue) throws -> [UInt8] {
        var text = header
        try append(value, indent: 0, place: { "a value" }, to: &text)
        text += "</plist>\n"
        return Array(text.utf8)
    }

    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Appends `value`, which is `place` in the file, such as `the 'name' of record 3` (the
    /// top-level array's elements are its records), said only when a text cannot be written.
    private static func append(
        _ value: PlistValue, indent: Int, place: () -> String, to text: inout String
    ) throws {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string): text += "\(tabs)<string>\(try escaped(string, in: place))</string>\n"
        case .integer(let number): text += "\(tabs)<integer>\(number)</integer>\n"
        case .real(let number): text += "\(tabs)<real>\(number)</real>\n"
        case .bool(let flag): text += "\(tabs)<\(flag)/>\n"
        case .date(let seconds): text += "\(tabs)<date>\(PlistDate.iso8601(fromSeconds: seconds))</date>\n"
        case .data(let bytes): text += "\(tabs)<data>\(Data(bytes).base64EncodedString())</data>\n"
        case .uid(let number):
            text +=
                "\(tabs)<dict>\n\(tabs)\t<key>CF$UID</key>\n\(tabs)\t<integer>\(number)</integer>\n\(tabs)</dict>\n"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "\(tabs)<array/>\n"
                return
            }
            text += "\(tabs)<array>\n"
            for (index, element) in elements.enumerated() {
                try append(
                    element, indent: indent + 1, place: { indent == 0 ? "record \(index + 1)" : place() },
                    to: &text
                )
            }
            text += "\(tabs)</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                text += "\(tabs)<dict/>\n"
                return
            }
            text += "\(tabs)<dict>\n"
            for entry in entries {
                text += "\(tabs)\t<key>\(try escaped(entry.key, in: { "a key of \(place())" }))</key>\n"
                try append(
                    entry.value, indent: indent + 1,
                    place: { "the '\(VisibleText.of(entry.key))' of \(place())" },
                    to: &text)
            }
            text += "\(tabs)</dict>\n"
        }
    }

    private static func escaped(_ text: String, in place: () -> String) throws -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20:
                throw StorageError.encodingFailed(
                    reason: "\(place()) holds a control character that XML cannot hold")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
