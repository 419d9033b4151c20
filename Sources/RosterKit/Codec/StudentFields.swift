import Foundation

/// The fields of one student as they are read from a file, before they are known to be complete.
///
/// Both property-list readers fill one of these per record and call ``student(record:)``, so a
/// missing or wrong field is reported the same way whatever the file's format.
struct StudentFields {
    var id: UUID?
    var name: String?
    var age: Int?
    var grade: Int?
    var score: Double?

    /// The names of the stored fields, in the order roster writes them.
    enum Key: String, CaseIterable {
        case id, name, age, grade, score

        /// Matches a key stored as ASCII bytes without making a `String` of it.
        init?(asciiBytes bytes: UnsafeRawBufferPointer) {
            func equals(_ text: StaticString) -> Bool {
                let expected = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                return bytes.elementsEqual(expected)
            }
            switch bytes.count {
            case 2 where equals("id"): self = .id
            case 3 where equals("age"): self = .age
            case 4 where equals("name"): self = .name
            case 5 where equals("grade"): self = .grade
            case 5 where equals("score"): self = .score
            default: return nil
            }
        }

        /// The key's place in the order roster writes keys, from 0.
        var position: Int {
            switch self {
            case .id: 0
            case .name: 1
            case .age: 2
            case .grade: 3
            case .score: 4
            }
        }
    }

    /// The complete student, or the problem with record `record`.
    func student(record: Int) throws(DecodingProblem) -> Student {
        guard let id else { throw .record(record, "has no 'id'") }
        guard let name else { throw .record(record, "has no 'name'") }
        guard let age else { throw .record(record, "has no 'age'") }
        return Student(id: id, name: name, age: age, grade: grade, score: score)
    }

    /// Reads an age stored as text, as the iOS app stored it.
    static func age(fromText text: String, record: Int) throws(DecodingProblem) -> Int {
        guard let age = Student.wholeNumber(text) else {
            throw .record(record, "has an age \"\(text.prefix(40))\" that is not a whole number")
        }
        return age
    }

    /// Parses a UUID written as 36 hexadecimal digits and hyphens, in either case.
    ///
    /// Hand-written because `UUID(uuidString:)` is several times slower, and a large roster parses
    /// one id per student.
    static func uuid(fromASCII bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D
        else {
            return nil
        }
        var invalid: UInt8 = 0
        // The five groups of digits between the hyphens; a byte that is not a digit sets `invalid`.
        func digits(_ range: Range<Int>, into value: inout UInt64) {
            hexValues.withUnsafeBufferPointer { hexValues in
                for position in range {
                    let digit = hexValues[Int(bytes[position])]
                    value = value << 4 | UInt64(digit & 0x0F)
                    invalid |= digit & 0xF0
                }
            }
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        digits(0..<8, into: &high)
        digits(9..<13, into: &high)
        digits(14..<18, into: &high)
        digits(19..<23, into: &low)
        digits(24..<36, into: &low)
        guard invalid == 0 else { return nil }
        let raw = (high.bigEndian, low.bigEndian)
        return withUnsafeBytes(of: raw) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// Each byte's value as a hexadecimal digit, or 0xFF for a byte that is not one: one lookup
    /// per character instead of a few comparisons.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(byte) - UInt8(ascii: "A") + 10
        default: return 0xFF
        }
    }

    /// Parses a UUID from text; see ``uuid(fromASCII:)``.
    static func uuid(from text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(fromASCII: UnsafeRawBufferPointer($0)) }
    }
}
