import Foundation

/// A roster read for a change to a few of its students, such as an edit or a removal.
///
/// A binary roster is checked as fully as ``StorageHandler/load(from:)`` checks it, but its
/// names stay bytes of the file (see ``StoredStudent``) until someone asks for one, and
/// ``BinaryPlistWriter`` copies those bytes into the new file. A name that a change brings is
/// kept, encoded the same way, beside the file's bytes. Any other roster (XML, or none yet) is
/// held the same way, with every name among the new ones.
struct StoredRoster: PlistRecords {
    /// The bytes of the roster file the names were read from.
    private let file: Data
    /// The names that changes brought, as ASCII or big-endian UTF-16 bytes.
    private var newNames: [UInt8] = []
    /// The students, in file order.
    private(set) var records: [StoredStudent]

    /// Reads and checks a binary roster.
    ///
    /// - Throws: ``DecodingProblem`` when the file is not a roster.
    init(binary file: Data) throws(DecodingProblem) {
        let result = file.withUnsafeBytes { raw in
            Result { () throws(DecodingProblem) in try BinaryPlistReader(raw).storedStudents() }
        }
        self.file = file
        records = try result.get()
    }

    /// Holds students that are already decoded.
    init(_ students: [Student]) {
        file = Data()
        records = []
        records.reserveCapacity(students.count)
        for student in students { records.append(stored(student)) }
    }

    /// How many students there are.
    var count: Int { records.count }

    /// The id of the student at `index`.
    func id(at index: Int) -> UUID {
        records[index].id
    }

    /// The name of the student at `index`, made from its bytes.
    func name(at index: Int) -> String {
        let name = records[index].name
        return withBytes(of: name) { bytes in
            // The reader checked every name, so the transcoder finds no unpaired surrogate.
            name.isUTF16
                ? UTF16Transcoder.string(bigEndian: bytes) ?? ""
                : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The student at `index`, with its name.
    func student(at index: Int) -> Student {
        let record = records[index]
        return Student(
            id: record.id, name: name(at: index), age: record.age, grade: record.grade, score: record.score)
    }

    /// Every student, in order, with their names.
    var students: [Student] {
        records.indices.map(student(at:))
    }

    /// Puts `student` in place of the student at `index`.
    mutating func replace(at index: Int, with student: Student) {
        records[index] = stored(student)
    }

    /// Removes the students at `positions`, which are sorted and distinct; the others keep their
    /// order and slide down in place, so a large roster is never copied.
    mutating func remove(at positions: [Int]) {
        var (kept, next) = (0, 0)
        for index in records.indices {
            if next < positions.count && positions[next] == index {
                next += 1
                continue
            }
            records[kept] = records[index]
            kept += 1
        }
        records.removeLast(records.count - kept)
    }

    // MARK: Writing

    func record(at index: Int) -> StoredStudent {
        records[index]
    }

    func nameLayout(at index: Int) -> (units: Int, isASCII: Bool) {
        (records[index].name.units, records[index].name.isASCII)
    }

    func writeNameBytes(at index: Int, isASCII: Bool, into output: inout BinaryPlistWriter.ByteWriter) {
        let name = records[index].name
        withBytes(of: name) { bytes in
            if name.isUTF16 && isASCII {
                // Every name that is all ASCII is written as ASCII, whatever wrote the file.
                for unit in 0..<name.units { output.append(bytes[2 * unit + 1]) }
            } else {
                output.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    // MARK: Bytes

    private func withBytes<Result>(of name: StoredName, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
    {
        let range = name.start..<(name.start + name.byteCount)
        if name.isInFile {
            return file.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
        return newNames.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The record for a student, its name appended to ``newNames`` as a plist would store it.
    private mutating func stored(_ student: Student) -> StoredStudent {
        let start = newNames.count
        let (units, isASCII) = UTF16Encoding.measure(student.name)
        if isASCII {
            newNames.append(contentsOf: student.name.utf8)
        } else {
            UTF16Encoding.forEachByte(of: student.name) { newNames.append($0) }
        }
        let name = StoredName(
            start: start, units: units, isUTF16: !isASCII, isASCII: isASCII, isInFile: false)
        return StoredStudent(
            id: student.id, name: name, age: student.age, grade: student.grade, score: student.score)
    }
}
