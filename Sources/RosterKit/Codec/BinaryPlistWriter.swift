import Foundation

/// Writes students as a binary property list (`bplist00`) that Foundation, `plutil` and Python's
/// `plistlib` all read.
///
/// The layout is the one Foundation's encoder uses: the array first, then the five keys written
/// once and shared by every record, then each record's dictionary and values. Equal whole numbers
/// (ages, grades) are stored once, as Foundation does.
struct BinaryPlistWriter {
    private var output: [UInt8] = []
    private var offsets: [Int] = []
    private let referenceSize: Int

    /// The object numbers of one record: its dictionary, and its entries' keys and values.
    private struct Record {
        var dictionary = 0
        var keys: [Int] = []
        var values: [Int] = []
    }

    /// Encodes `students` in file order.
    static func data(for students: [Student]) -> Data {
        var numbering = Numbering()
        let records = students.map { numbering.record(for: $0) }
        var writer = BinaryPlistWriter(referenceSize: Self.byteWidth(of: UInt64(numbering.count)))
        writer.output.reserveCapacity(64 + students.count * 100)
        writer.offsets.reserveCapacity(numbering.count)
        writer.write(students, records: records)
        return Data(writer.output)
    }

    private init(referenceSize: Int) {
        self.referenceSize = referenceSize
    }

    private mutating func write(_ students: [Student], records: [Record]) {
        output.append(contentsOf: Array("bplist00".utf8))
        begin()
        writeHeader(0xA, count: students.count)
        for record in records { writeReference(record.dictionary) }
        for key in StudentFields.Key.allCases {
            begin()
            writeString(key.rawValue)
        }
        for (student, record) in zip(students, records) {
            begin()
            writeHeader(0xD, count: record.keys.count)
            for key in record.keys { writeReference(key) }
            for value in record.values { writeReference(value) }
            writeValues(of: student, record: record)
        }
        writeTrailer()
    }

    // The values follow the dictionary in the order Numbering gave them numbers; a shared whole
    // number is written only where it was first numbered.
    private mutating func writeValues(of student: Student, record: Record) {
        begin()
        writeString(student.id.uuidString)
        begin()
        writeString(student.name)
        for (position, number) in [student.age, student.grade].compactMap({ $0 }).enumerated()
        where record.values[2 + position] == offsets.count {
            begin()
            writeInteger(number)
        }
        if let score = student.score {
            begin()
            output.append(0x23)
            appendBigEndian(score.bitPattern, size: 8)
        }
    }

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
            let units = Array(text.utf16)
            writeHeader(0x6, count: units.count)
            for unit in units {
                output.append(UInt8(unit >> 8))
                output.append(UInt8(unit & 0xFF))
            }
        }
    }

    private mutating func writeReference(_ reference: Int) {
        appendBigEndian(UInt64(reference), size: referenceSize)
    }

    private mutating func writeTrailer() {
        let tableOffset = output.count
        let offsetSize = Self.byteWidth(of: UInt64(tableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(0, size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    static func byteWidth(of value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// Gives every object its number before anything is written, since references need their
    /// width, which depends on how many objects there are.
    private struct Numbering {
        /// The array is object 0 and the keys are objects 1 to 5, in ``StudentFields/Key`` order.
        private(set) var count = 1 + StudentFields.Key.allCases.count
        private var integers: [Int: Int] = [:]

        mutating func record(for student: Student) -> Record {
            var record = Record(dictionary: next())
            func add(_ key: StudentFields.Key, _ reference: Int) {
                record.keys.append(1 + key.position)
                record.values.append(reference)
            }
            add(.id, next())
            add(.name, next())
            add(.age, integer(student.age))
            if let grade = student.grade { add(.grade, integer(grade)) }
            if student.score != nil { add(.score, next()) }
            return record
        }

        private mutating func next() -> Int {
            count += 1
            return count - 1
        }

        private mutating func integer(_ value: Int) -> Int {
            if let existing = integers[value] { return existing }
            let reference = next()
            integers[value] = reference
            return reference
        }
    }
}
