import Foundation

/// Writes students as a binary property list (`bplist00`) that Foundation, `plutil` and Python's
/// `plistlib` all read.
///
/// The layout is the one Foundation's encoder uses: the array first, then the five keys written
/// once and shared by every record, then each record's dictionary and values. Equal whole numbers
/// (ages, grades) are stored once, as Foundation does.
///
/// Object numbers are given out in the order objects are written, so one pass can number them
/// (to learn how wide a reference must be) and a second pass writes them, with nothing per
/// record kept in between but the few numbers a dictionary needs.
struct BinaryPlistWriter {
    private var output: [UInt8] = []
    private var offsets: [Int] = []
    private let referenceSize: Int

    /// The array is object 0 and the keys are objects 1 to 5, in ``StudentFields/Key`` order.
    private static let firstRecordObject = 1 + StudentFields.Key.allCases.count

    /// Encodes `students` in file order.
    static func bytes(for students: [Student]) -> [UInt8] {
        var numbering = Numbering()
        let records = students.map { numbering.number($0) }
        var writer = BinaryPlistWriter(referenceSize: Self.byteWidth(of: UInt64(numbering.count)))
        writer.output.reserveCapacity(64 + students.reduce(0) { $0 + 90 + $1.name.utf8.count })
        writer.offsets.reserveCapacity(numbering.count)
        writer.write(students, records: records)
        return writer.output
    }

    private init(referenceSize: Int) {
        self.referenceSize = referenceSize
    }

    /// The object numbers one record's dictionary refers to.
    private struct Record {
        var dictionary: Int32
        var age: Int32
        var grade: Int32
        var score: Int32
    }

    /// Gives every object its number before anything is written.
    private struct Numbering {
        private(set) var count = BinaryPlistWriter.firstRecordObject
        private var integers: [Int: Int32] = [:]

        mutating func number(_ student: Student) -> Record {
            let dictionary = next()
            _ = next()  // the id
            _ = next()  // the name
            let age = integer(student.age)
            let grade = student.grade.map { integer($0) } ?? -1
            let score = student.score == nil ? -1 : next()
            return Record(dictionary: dictionary, age: age, grade: grade, score: score)
        }

        private mutating func next() -> Int32 {
            count += 1
            return Int32(truncatingIfNeeded: count - 1)
        }

        private mutating func integer(_ value: Int) -> Int32 {
            if let existing = integers[value] { return existing }
            let reference = next()
            integers[value] = reference
            return reference
        }
    }

    private mutating func write(_ students: [Student], records: [Record]) {
        output.append(contentsOf: Array("bplist00".utf8))
        begin()
        writeHeader(0xA, count: students.count)
        for record in records { writeReference(Int(record.dictionary)) }
        for key in StudentFields.Key.allCases {
            begin()
            writeString(key.rawValue)
        }
        for (student, record) in zip(students, records) {
            write(student, record)
        }
        writeTrailer()
    }

    private mutating func write(_ student: Student, _ record: Record) {
        let dictionary = Int(record.dictionary)
        begin()
        let entries = 3 + (student.grade == nil ? 0 : 1) + (student.score == nil ? 0 : 1)
        writeHeader(0xD, count: entries)
        for key in 1...5
        where key <= 3 || (key == 4 && student.grade != nil) || (key == 5 && student.score != nil) {
            writeReference(key)
        }
        writeReference(dictionary + 1)
        writeReference(dictionary + 2)
        writeReference(Int(record.age))
        if student.grade != nil { writeReference(Int(record.grade)) }
        if student.score != nil { writeReference(Int(record.score)) }
        begin()
        output.append(0x5F)
        output.append(0x10)
        output.append(36)
        UUIDText.append(student.id, to: &output)
        begin()
        writeString(student.name)
        // A whole number is written where it was first numbered, which is the next object.
        if Int(record.age) == offsets.count {
            begin()
            writeInteger(student.age)
        }
        if let grade = student.grade, Int(record.grade) == offsets.count {
            begin()
            writeInteger(grade)
        }
        if let score = student.score {
            begin()
            output.append(0x23)
            appendBigEndian(score.bitPattern, size: 8)
        }
    }

    @inline(__always)
    private mutating func begin() {
        offsets.append(output.count)
    }

    private mutating func writeHeader(_ type: UInt8, count: Int) {
        if count < 15 {
            output.append(type << 4 | UInt8(count))
        } else {
            output.append(type << 4 | 0x0F)
            writeInteger(count)
        }
    }

    private mutating func writeInteger(_ value: Int) {
        let size = value < 0 ? 8 : Self.byteWidth(of: UInt64(value))
        let exponent: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size <= 4 ? 2 : 3
        output.append(0x10 | exponent)
        appendBigEndian(UInt64(bitPattern: Int64(value)), size: 1 << Int(exponent))
    }

    private mutating func writeString(_ text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            writeHeader(0x5, count: text.utf8.count)
            output.append(contentsOf: text.utf8)
        } else {
            writeHeader(0x6, count: text.utf16.count)
            for unit in text.utf16 {
                output.append(UInt8(truncatingIfNeeded: unit >> 8))
                output.append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }

    @inline(__always)
    private mutating func writeReference(_ reference: Int) {
        appendBigEndian(UInt64(reference), size: referenceSize)
    }

    private mutating func writeTrailer() {
        let tableOffset = output.count
        let offsetSize = Self.byteWidth(of: UInt64(tableOffset))
        output.reserveCapacity(output.count + offsets.count * offsetSize + 32)
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(0, size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
    }

    @inline(__always)
    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    static func byteWidth(of value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}
