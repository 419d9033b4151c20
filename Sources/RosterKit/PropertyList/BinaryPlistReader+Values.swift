#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading any value, for the keys of a record that roster does not know.
extension BinaryPlistReader {
    /// Reads the value `reference` names, with everything inside it.
    ///
    /// - Parameters:
    ///   - depth: How deep the value is; a value nested deeper than ``PlistValue/maximumDepth``,
    ///     as one that contains itself is, makes the file damaged.
    ///   - budget: How many more values may be made; see ``PlistValueBudget``.
    func value(_ reference: Int, depth: Int, budget: inout PlistValueBudget) throws(DecodingProblem)
        -> PlistValue
    {
        try budget.spend(depth: depth)
        let object = try object(reference)
        switch object.type {
        case 0x0 where object.info == 0x8 || object.info == 0x9: return .bool(object.info == 0x9)
        case 0x1:
            guard let number = integer(object) else { break }
            return .integer(Int64(number))
        case 0x2:
            guard let number = real(object) else { break }
            return .real(number)
        case 0x3 where object.info == 0x3:
            return .date(Double(bitPattern: Self.bigEndian(bytes, at: object.start, size: 8)))
        case 0x4: return .data(Array(slice(object.start, object.count)))
        case 0x5, 0x6:
            guard let text = try text(object) else { break }
            return .string(text)
        case 0x8 where object.count < 8:
            return .uid(Self.bigEndian(bytes, at: object.start, size: object.count + 1))
        case 0xA:
            var elements: [PlistValue] = []
            for index in 0..<object.count {
                let element = self.reference(at: object.start + index * referenceSize)
                elements.append(try value(element, depth: depth + 1, budget: &budget))
            }
            return .array(elements)
        case 0xD:
            return .dictionary(try entries(of: object, depth: depth, budget: &budget))
        default: break
        }
        throw .notAPropertyList("it holds a value of a kind property lists do not have")
    }

    private func entries(of dictionary: Object, depth: Int, budget: inout PlistValueBudget)
        throws(DecodingProblem) -> [PlistEntry]
    {
        var entries: [PlistEntry] = []
        let valuesStart = dictionary.start + dictionary.count * referenceSize
        for entry in 0..<dictionary.count {
            guard let key = try text(object(reference(at: dictionary.start + entry * referenceSize))) else {
                throw .notAPropertyList("a dictionary key is not a string")
            }
            let value = try value(
                reference(at: valuesStart + entry * referenceSize), depth: depth + 1, budget: &budget)
            entries.append(PlistEntry(key: key, value: value))
        }
        return entries
    }
}
