#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The XML reader's tokens: tags, text, entities, and the markup it skips.
extension XMLPlistReader {
    mutating func nextTag(allowText: Bool = false) throws(DecodingProblem) -> Tag {
        guard let tag = try nextTagIfAny(allowText: allowText) else {
            throw .notAPropertyList("the file ends before the list does")
        }
        return tag
    }

    mutating func nextTagIfAny(allowText: Bool = false) throws(DecodingProblem) -> Tag? {
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
    mutating func skipMarkup() throws(DecodingProblem) -> Bool {
        // Markup starts `<!` or `<?`; a tag, the usual case, is told at its second byte.
        guard position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "!") || bytes[position + 1] == UInt8(ascii: "?")
        else { return false }
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

    mutating func tag() throws(DecodingProblem) -> Tag {
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
    ///
    /// - Throws: ``DecodingProblem/controlCharacter(in:text:)`` for text holding a control
    ///   character, which XML cannot hold, with the whole text, so that a record can be named.
    mutating func content(of name: String) throws(DecodingProblem) -> String {
        if let plain = try plainContent(of: name) { return plain }
        var text: [UInt8] = []
        var holdsControl = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try entity())
            } else if byte != UInt8(ascii: "<") {
                holdsControl = holdsControl || (byte < 0x20 && !Self.isSpace(byte))
                text.append(byte)
                position += 1
            } else if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "!"),
                starts(with: "<![CDATA[")
            {
                let start = position + 9
                _ = try skip(past: "]]>")
                // What XML cannot hold outside CDATA it cannot hold inside either: roster could
                // never write it back.
                let section = bytes[start..<(position - 3)]
                holdsControl = holdsControl || section.contains { $0 < 0x20 && !Self.isSpace($0) }
                text.append(contentsOf: section)
            } else if try skipMarkup() {
                continue
            } else {
                guard try tag() == Tag(kind: .end, name: name) else {
                    throw .notAPropertyList("<\(name)> holds another element")
                }
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    throw .notAPropertyList("<\(name)> is not valid UTF-8")
                }
                if holdsControl { throw .controlCharacter(in: name, text: decoded) }
                return decoded
            }
        }
        throw .notAPropertyList("<\(name)> is not closed")
    }

    /// The text up to `</name>` when it is plain (no entity, CDATA, comment or control
    /// character), made straight from the file's bytes, as nearly every value of a roster is;
    /// `nil`, with nothing read, for any other text.
    private mutating func plainContent(of name: String) throws(DecodingProblem) -> String? {
        var end = position
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || (byte < 0x20 && !Self.isSpace(byte))
            {
                break
            }
            end += 1
        }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "<"), bytes[end + 1] == UInt8(ascii: "/")
        else {
            return nil
        }
        let start = position
        position = end
        guard try tag() == Tag(kind: .end, name: name) else {
            throw .notAPropertyList("<\(name)> holds another element")
        }
        guard let decoded = String(validating: bytes[start..<end], as: UTF8.self) else {
            throw .notAPropertyList("<\(name)> is not valid UTF-8")
        }
        return decoded
    }

    mutating func entity() throws(DecodingProblem) -> [UInt8] {
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

    mutating func skip(past terminator: String) throws(DecodingProblem) -> Bool {
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

    func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return position + pattern.count <= bytes.count
            && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        bytes[start...].firstIndex(of: byte)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
