import RosterEngine

/// Reading the values a record holds: whole numbers, reals and strings.
extension BinaryPlistReader {
    func integer(_ value: Object) -> Int? {
        guard value.type == 0x1, value.info <= 3 else { return nil }
        let raw = Self.bigEndian(bytes, at: value.start, size: 1 << Int(value.info))
        return value.info == 3 ? Int(Int64(bitPattern: raw)) : Int(raw)
    }

    func real(_ value: Object) -> Double? {
        guard value.type == 0x2 else { return nil }
        switch value.info {
        case 2: return Double(Float(bitPattern: UInt32(Self.bigEndian(bytes, at: value.start, size: 4))))
        case 3: return Double(bitPattern: Self.bigEndian(bytes, at: value.start, size: 8))
        default: return nil
        }
    }

    /// A string object's text, or `nil` when the object is not a string.
    func text(_ value: Object) throws(DecodingProblem) -> String? {
        switch value.type {
        case 0x5:
            let ascii = slice(value.start, value.count)
            guard ascii.reduce(0, |) < 0x80 else {
                throw .notAPropertyList("an ASCII string holds other bytes")
            }
            return String(decoding: ascii, as: UTF8.self)
        case 0x6:
            guard let text = UTF16Transcoder.string(bigEndian: slice(value.start, value.count * 2)) else {
                throw .notAPropertyList("a string is not valid UTF-16")
            }
            return text
        default:
            return nil
        }
    }

    /// Checks a string object as ``text(_:)`` does, without making a `String`: where its bytes
    /// are, or `nil` when the object is not a string.
    func storedName(_ value: Object) throws(DecodingProblem) -> StoredName? {
        switch value.type {
        case 0x5:
            guard slice(value.start, value.count).reduce(0, |) < 0x80 else {
                throw .notAPropertyList("an ASCII string holds other bytes")
            }
            return StoredName(
                start: value.start, units: value.count, isUTF16: false, isASCII: true)
        case 0x6:
            guard let isASCII = UTF16Transcoder.isASCII(bigEndian: slice(value.start, value.count * 2)) else {
                throw .notAPropertyList("a string is not valid UTF-16")
            }
            return StoredName(
                start: value.start, units: value.count, isUTF16: true, isASCII: isASCII)
        default:
            return nil
        }
    }
}
