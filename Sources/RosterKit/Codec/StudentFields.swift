import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// Whether the name was left as the file's bytes (``name`` is empty then), checked for its
    /// length only; it is checked in full once it is made, as when it is edited.
    var nameIsStored = false

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
    }

    /// The complete student, or the problem with record `record`.
    ///
    /// Values no roster holds (an age of -5, a grade of 40, a score that is not a number) make
    /// the file damaged: they are the validator's ranges, the same as for `add`.
    func student(record: Int) throws(DecodingProblem) -> Student {
        guard let id else { throw .record(record, "has no 'id'") }
        guard let name else { throw .record(record, "has no 'name'") }
        guard let age else { throw .record(record, "has no 'age'") }
        guard StudentValidator.ages.contains(age) else {
            throw .record(
                record,
                "has an age of \(age), outside \(StudentValidator.ages.lowerBound) to \(StudentValidator.ages.upperBound)"
            )
        }
        if let grade, !StudentValidator.grades.contains(grade) {
            throw .record(
                record,
                "has a grade of \(grade), outside \(StudentValidator.grades.lowerBound) to \(StudentValidator.grades.upperBound)"
            )
        }
        if let score, !(score.isFinite && StudentValidator.scores.contains(score)) {
            throw .record(record, "has a score of \(score), outside \(StudentValidator.scoreRangeText)")
        }
        // A name kept as the file's bytes was checked where it was found (see `nameIsStored`).
        if !nameIsStored, let problem = StudentValidator.problem(withStoredName: name) {
            throw .record(record, "has \(problem)")
        }
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
    /// one id per student: the 32 digits are read as four 64-bit words, eight digits at a time
    /// (see ``UUIDText/bytes(ofDigits:)``).
    static func uuid(fromASCII bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D
        else {
            return nil
        }
        let word = { (offset: Int) in
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let half = { (offset: Int) in
            UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // The digits between the hyphens, eight to a word, in the order they are written.
        guard let first = UUIDText.bytes(ofDigits: word(0)),
            let second = UUIDText.bytes(ofDigits: half(9) | half(14) << 32),
            let third = UUIDText.bytes(ofDigits: half(19) | half(24) << 32),
            let fourth = UUIDText.bytes(ofDigits: word(28))
        else {
            return nil
        }
        let raw = (first.littleEndian, second.littleEndian, third.littleEndian, fourth.littleEndian)
        return withUnsafeBytes(of: raw) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// Parses a UUID from text; see ``uuid(fromASCII:)``.
    static func uuid(from text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(fromASCII: UnsafeRawBufferPointer($0)) }
    }
}
