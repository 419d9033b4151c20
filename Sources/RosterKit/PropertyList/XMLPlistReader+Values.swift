#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading any value, for the keys of a record that roster does not know.
extension XMLPlistReader {
    /// Reads the element `tag` opened, with everything inside it.
    ///
    /// - Parameters:
    ///   - depth: How deep the value is; deeper than ``PlistValue/maximumDepth`` makes the file
    ///     damaged, so the recursion is bounded.
    ///   - budget: How many more values may be made; see ``PlistValueBudget``.
    mutating func value(_ tag: Tag, depth: Int, budget: inout PlistValueBudget) throws(DecodingProblem)
        -> PlistValue
    {
        try budget.spend(depth: depth)
        if tag.kind == .empty {
            switch tag.name {
            case "true", "false": return .bool(tag.name == "true")
            case "string": return .string("")
            case "data": return .data([])
            case "array": return .array([])
            case "dict": return .dictionary([])
            default: throw .notAPropertyList("<\(tag.name)/> is not a value")
            }
        }
        guard tag.kind == .start else {
            throw .notAPropertyList("a closing tag </\(tag.name)> is out of place")
        }
        switch tag.name {
        case "array", "dict":
            return try container(tag.name, depth: depth, budget: &budget)
        case "true", "false":
            guard try content(of: tag.name).isEmpty else {
                throw .notAPropertyList("<\(tag.name)> holds text")
            }
            return .bool(tag.name == "true")
        default:
            return try simpleValue(tag.name, text: content(of: tag.name))
        }
    }

    private func simpleValue(_ name: String, text: String) throws(DecodingProblem) -> PlistValue {
        let trimmed = String(text.trimmingWhitespace())
        switch name {
        case "string": return .string(text)
        case "integer":
            if let number = Int64(trimmed) { return .integer(number) }
        case "real":
            if let number = Double(trimmed) { return .real(number) }
        case "date":
            if let seconds = PlistDate.seconds(fromISO8601: trimmed) { return .date(seconds) }
        case "data":
            if let data = Data(base64Encoded: trimmed, options: .ignoreUnknownCharacters) {
                return .data(Array(data))
            }
        default:
            throw .notAPropertyList("<\(name)> is not a value")
        }
        throw .notAPropertyList("a <\(name)> holds \"\(trimmed.prefix(40))\"")
    }

    private mutating func container(_ name: String, depth: Int, budget: inout PlistValueBudget)
        throws(DecodingProblem) -> PlistValue
    {
        var (elements, entries) = ([PlistValue](), [PlistEntry]())
        while true {
            let next = try nextTag()
            if next == Tag(kind: .end, name: name) { break }
            if name == "array" {
                elements.append(try value(next, depth: depth + 1, budget: &budget))
                continue
            }
            guard next == Tag(kind: .start, name: "key") else {
                throw .notAPropertyList("a dictionary holds a value without a key")
            }
            let key = try content(of: "key")
            entries.append(
                PlistEntry(key: key, value: try value(nextTag(), depth: depth + 1, budget: &budget)))
        }
        return name == "array" ? .array(elements) : .dictionary(entries)
    }
}
