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
    static func uuid(fromASCII bytes: some Collection<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var raw = [UInt8](repeating: 0, count: 16)
        var nibbleIndex = 0
        for (position, byte) in bytes.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = hexValue(byte) else { return nil }
            raw[nibbleIndex / 2] |= nibbleIndex % 2 == 0 ? value << 4 : value
            nibbleIndex += 1
        }
        return UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
                raw[11],
                raw[12], raw[13], raw[14], raw[15]
            ))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
