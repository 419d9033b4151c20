import Foundation

/// Reads a roster from an XML property list without a general XML parser.
///
/// Like ``BinaryPlistReader`` it knows a roster's shape and reads the file in one pass with no
/// recursion: values under keys it does not know are skipped by counting nesting, so neither a
/// deeply nested nor a very large file can exhaust the stack or take more than linear time.
/// Entities other than XML's five and numeric references are refused, so nothing expands.
struct XMLPlistReader {
    private let bytes: [UInt8]
    private var position = 0

    /// One tag: `<name>`, `</name>` or `<name/>`.
    private struct Tag: Equatable {
        enum Kind { case start, end, empty }
        let kind: Kind
        let name: String
    }

    /// Reads every student from the bytes of an XML property list.
    static func students(from data: Data) throws(DecodingProblem) -> [Student] {
        var reader = XMLPlistReader(bytes: Array(data))
        return try reader.students()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    private mutating func students() throws(DecodingProblem) -> [Student] {
        var tag = try nextTag()
        if tag == Tag(kind: .start, name: "plist") { tag = try nextTag() }
        var students: [Student] = []
        if tag == Tag(kind: .start, name: "array") {
            while true {
                let next = try nextTag()
                if next == Tag(kind: .end, name: "array") { break }
                students.append(try student(opening: next, record: students.count))
            }
        } else if tag != Tag(kind: .empty, name: "array") {
            throw .notAList
        }
        try expectEnd()
        return students
    }

    private mutating func student(opening tag: Tag, record: Int) throws(DecodingProblem) -> Student {
        guard tag.name == "dict" else { throw .record(record, "is not a dictionary") }
        var fields = StudentFields()
        guard tag.kind == .start else { return try fields.student(record: record) }
        while true {
            let keyTag = try nextTag()
            if keyTag == Tag(kind: .end, name: "dict") { break }
            guard keyTag == Tag(kind: .start, name: "key") else {
                throw .record(record, "has a value without a key")
            }
            let key = try content(of: "key")
            let value = try nextTag()
            guard let field = StudentFields.Key(rawValue: key) else {
                try skip(value)
                continue
            }
            try read(value, into: &fields, field: field, record: record)
        }
        return try fields.student(record: record)
    }

    private mutating func read(
        _ tag: Tag, into fields: inout StudentFields, field: StudentFields.Key, record: Int
    )
        throws(DecodingProblem)
    {
        let wrong = DecodingProblem.record(record, "has a wrong value for '\(field.rawValue)'")
        let text: String
        switch tag.kind {
        case .start: text = try scalar(tag, record: record)
        case .empty where tag.name == "string": text = ""
        default: throw wrong
        }
        switch (field, tag.name) {
        case (.id, "string"):
            guard let id = StudentFields.uuid(from: text) else { throw wrong }
            fields.id = id
        case (.name, "string"):
            fields.name = text
        case (.age, "integer"), (.grade, "integer"):
            guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw wrong }
            if field == .age { fields.age = number } else { fields.grade = number }
        case (.age, "string"):
            fields.age = try StudentFields.age(fromText: text, record: record)
        case (.score, "real"), (.score, "integer"):
            guard let number = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw wrong
            }
            fields.score = number
        default:
            throw wrong
        }
    }

    private mutating func scalar(_ tag: Tag, record: Int) throws(DecodingProblem) -> String {
        guard ["string", "integer", "real"].contains(tag.name) else {
            try skip(tag)
            throw .record(record, "has a value of the wrong kind")
        }
        return try content(of: tag.name)
    }

    /// Skips the element `tag` opened, however deep, by counting nesting.
    private mutating func skip(_ tag: Tag) throws(DecodingProblem) {
        guard tag.kind == .start else {
            if tag.kind == .end { throw .notAPropertyList("a closing tag </\(tag.name)> is out of place") }
            return
        }
        var depth = 1
        while depth > 0 {
            if ["string", "key", "integer", "real", "date", "data"].contains(tag.name), depth == 1 {
                _ = try content(of: tag.name)
                return
            }
            let next = try nextTag(allowText: true)
            if next.kind == .start { depth += 1 }
            if next.kind == .end { depth -= 1 }
        }
    }

    private mutating func expectEnd() throws(DecodingProblem) {
        while let tag = try nextTagIfAny() {
            guard tag == Tag(kind: .end, name: "plist") else {
                throw .notAPropertyList("<\(tag.name)> follows the end of the list")
            }
        }
    }

    // MARK: Tokens

    private mutating func nextTag(allowText: Bool = false) throws(DecodingProblem) -> Tag {
        guard let tag = try nextTagIfAny(allowText: allowText) else {
            throw .notAPropertyList("the file ends before the list does")
        }
        return tag
    }

    private mutating func nextTagIfAny(allowText: Bool = false) throws(DecodingProblem) -> Tag? {
        while position < bytes.count {
            let byte = bytes[position]
            if byte != UInt8(ascii: "<") {
                guard allowText || Self.isSpace(byte) else {
                    throw .notAPropertyList("text stands where a tag should be")
                }
                position += 1
                continue
            }
            if try skipMarkup() { continue }
            return try tag()
        }
        return nil
    }

    /// Skips a comment, a processing instruction or a document type; returns whether it did.
    private mutating func skipMarkup() throws(DecodingProblem) -> Bool {
        if starts(with: "<!--") { return try skip(past: "-->") }
        if starts(with: "<?") { return try skip(past: "?>") }
        if starts(with: "<!DOCTYPE") {
            guard let end = firstIndex(of: UInt8(ascii: ">"), from: position),
                !bytes[position..<end].contains(UInt8(ascii: "["))
            else { throw .notAPropertyList("its document type declares entities") }
            position = end + 1
            return true
        }
        return false
    }

    private mutating func tag() throws(DecodingProblem) -> Tag {
        position += 1
        let isEnd = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if isEnd { position += 1 }
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard !name.isEmpty else { throw .notAPropertyList("a tag has no name") }
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let isEmpty = bytes[position - 2] == UInt8(ascii: "/")
                return Tag(kind: isEnd ? .end : isEmpty ? .empty : .start, name: name)
            }
        }
        throw .notAPropertyList("a tag is not closed")
    }

    /// The text up to `</name>`, with entities and CDATA sections decoded.
    private mutating func content(of name: String) throws(DecodingProblem) -> String {
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try entity())
            } else if byte != UInt8(ascii: "<") {
                guard byte >= 0x20 || Self.isSpace(byte) else {
                    throw .notAPropertyList("<\(name)> holds a control character")
                }
                text.append(byte)
                position += 1
            } else if starts(with: "<![CDATA[") {
                let start = position + 9
                _ = try skip(past: "]]>")
                text.append(contentsOf: bytes[start..<(position - 3)])
            } else if try skipMarkup() {
                continue
            } else {
                guard try tag() == Tag(kind: .end, name: name) else {
                    throw .notAPropertyList("<\(name)> holds another element")
                }
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    throw .notAPropertyList("<\(name)> is not valid UTF-8")
                }
                return decoded
            }
        }
        throw .notAPropertyList("<\(name)> is not closed")
    }

    private mutating func entity() throws(DecodingProblem) -> [UInt8] {
        let window = bytes[position..<min(bytes.count, position + 12)]
        guard let end = window.firstIndex(of: UInt8(ascii: ";")) else {
            throw .notAPropertyList("an & is not an entity")
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            let isHex = name.hasPrefix("#x") || name.hasPrefix("#X")
            let digits = name.dropFirst(isHex ? 2 : 1)
            guard name.hasPrefix("#"), let value = UInt32(digits, radix: isHex ? 16 : 10),
                let scalar = Unicode.Scalar(value), value >= 0x20 || [0x09, 0x0A, 0x0D].contains(value)
            else { throw .notAPropertyList("it uses an unknown entity &\(name.prefix(12));") }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private mutating func skip(past terminator: String) throws(DecodingProblem) -> Bool {
        let pattern = Array(terminator.utf8)
        var index = position
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                position = index + pattern.count
                return true
            }
            index += 1
        }
        throw .notAPropertyList("a '\(terminator)' is missing")
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return position + pattern.count <= bytes.count
            && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        bytes[start...].firstIndex(of: byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
