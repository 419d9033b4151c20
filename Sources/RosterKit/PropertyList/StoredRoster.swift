import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A roster read for a change to a few of its students, such as an edit or a removal.
///
/// A binary roster is checked as fully as ``StorageHandler/load(from:)`` checks it, but its
/// names are not made into strings: their bytes are gathered, as the file stores them, into one
/// buffer (see ``StoredStudent``), and ``BinaryPlistWriter`` copies them from there into the new
/// file. The file itself is not kept, so the old and the new file are never in memory together.
/// A name that a change brings is added to the buffer, encoded the same way. Any other roster
/// (XML, or none yet) is held the same way.
struct StoredRoster: PlistRecords {
    /// Every name, as ASCII or big-endian UTF-16 bytes.
    private var names: [UInt8]
    /// The students, in file order, each with their register.
    private(set) var records: [StoredStudent]
    /// The lessons the registers name.
    private(set) var lessons = LessonTable()
    /// The ids and texts the marks name.
    private(set) var markStrings = MarkStrings()

    /// Reads and checks a binary roster, and what its records say of the file's conventions.
    ///
    /// - Throws: ``DecodingProblem`` when the file is not a roster.
    static func read(binary file: Data) throws(DecodingProblem) -> (StoredRoster, RecordNotes) {
        let result = SharedBytes.reading(file) { bytes in
            Result { () throws(DecodingProblem) -> (StoredRoster, RecordNotes) in
                let reader = try BinaryPlistReader(bytes)
                var (records, notes) = try reader.storedStudents()
                guard !notes.hasLegacyRegister else {
                    // An earlier version's register is made into lessons once, the slow way.
                    var (students, notes) = try reader.students()
                    RegisterCoding.upgradeLegacy(&students)
                    return (StoredRoster(students), notes)
                }
                let lessons = numberLessons(of: &records, keys: notes.lessonKeys)
                let names = Self.gatherNames(of: &records, from: bytes)
                let markStrings = numberMarks(of: &records, strings: notes.markStrings)
                var roster = StoredRoster(names: names, records: records)
                roster.lessons = lessons
                roster.markStrings = markStrings
                return (roster, notes)
            }
        }
        return try result.get()
    }

    private init(names: [UInt8], records: [StoredStudent]) {
        (self.names, self.records) = (names, records)
    }

    /// Holds students that are already decoded.
    init(_ students: [Student]) {
        names = []
        records = []
        lessons = LessonTable(students.lazy.flatMap(\.attendance.keys))
        records.reserveCapacity(students.count)
        for student in students { records.append(stored(student)) }
    }

    /// The table of the lessons `records` name by their keys' object numbers in the file, which
    /// `keys` maps to lessons, and each register renumbered to name them by their place in it.
    private static func numberLessons(of records: inout [StoredStudent], keys: [Int: Lesson]) -> LessonTable {
        let table = LessonTable(keys.values)
        guard let largest = keys.keys.max() else { return table }
        // The key objects' numbers are looked up in an array as long as the largest, when that is
        // not too long; otherwise in a dictionary.
        var places: [Int32] = []
        if largest < 1 << 20 {
            places = [Int32](repeating: 0, count: largest + 1)
            for (reference, lesson) in keys { places[reference] = table.place(of: lesson) ?? 0 }
        }
        let byReference = places.isEmpty ? keys.mapValues { table.place(of: $0) ?? 0 } : [:]
        for index in records.indices where !records[index].register.isEmpty {
            records[index].register.renumber { places.isEmpty ? byReference[Int($0)] ?? 0 : places[Int($0)] }
        }
        return table
    }

    /// The table of the strings `records`' marks name by their objects' numbers in the file,
    /// which `strings` maps to text, and each student's marks renumbered to name them by their
    /// place in it.
    private static func numberMarks(of records: inout [StoredStudent], strings: [Int: String]) -> MarkStrings
    {
        var table = MarkStrings()
        guard let largest = strings.keys.max() else { return table }
        // As for lessons: an array as long as the largest number when that is not too long.
        var places: [Int32] = []
        if largest < 1 << 22 { places = [Int32](repeating: 0, count: largest + 1) }
        var byReference: [Int: Int32] = [:]
        for (reference, text) in strings.sorted(by: { $0.key < $1.key }) {
            let place = table.place(of: text)
            if places.isEmpty { byReference[reference] = place } else { places[reference] = place }
        }
        for index in records.indices where !records[index].marks.isEmpty {
            if places.isEmpty {
                records[index].marks.renumber { byReference[Int($0)] ?? 0 }
            } else {
                records[index].marks.renumber { places[Int($0)] }
            }
        }
        return table
    }

    /// Copies the names of `records` out of `file` into one buffer, in order, and points the
    /// records at their copies; a large roster in parts at once.
    private static func gatherNames(of records: inout [StoredStudent], from file: SharedBytes) -> [UInt8] {
        let all = records
        let parts = ParallelWork.parts(count: all.count) { range in
            var names: [UInt8] = []
            names.reserveCapacity(range.reduce(0) { $0 + all[$1].name.byteCount })
            for index in range {
                let name = all[index].name
                names.append(contentsOf: file[name.start..<(name.start + name.byteCount)])
            }
            return names
        }
        var position = 0
        for index in records.indices {
            records[index].name.start = position
            position += records[index].name.byteCount
        }
        guard parts.count > 1 else { return parts.first ?? [] }
        var names: [UInt8] = []
        names.reserveCapacity(position)
        for part in parts { names.append(contentsOf: part) }
        return names
    }

    /// How many students there are.
    var count: Int { records.count }

    /// The school's id of the student at `index`, if the school gave one.
    func schoolID(at index: Int) -> String? {
        records[index].details[.schoolID]
    }

    /// The id of the student at `index`.
    /// The age of the student at `index` as the file wrote it, when it is no number roster reads.
    func writtenAge(at index: Int) -> String? {
        records[index].writtenAge
    }

    func id(at index: Int) -> UUID {
        records[index].id
    }

    /// The name of the student at `index`, made from its bytes.
    func name(at index: Int) -> String {
        let name = records[index].name
        let bytes = self.bytes(of: name)
        // The reader checked every name, so the transcoder finds no unpaired surrogate.
        return name.isUTF16
            ? UTF16Transcoder.string(bigEndian: bytes) ?? "" : String(decoding: bytes, as: UTF8.self)
    }

    /// The student at `index`, with its name.
    func student(at index: Int) -> Student {
        let record = records[index]
        var student = Student(
            id: record.id, name: name(at: index), age: record.age, grade: record.grade, score: record.score,
            attendance: record.register.isEmpty ? [:] : lessons.attendance(of: record.register))
        student.details = record.details
        student.otherFields = MarkCoding.field(of: markStrings.entries(of: record.marks))
        if let writtenAge = record.writtenAge {
            student.otherFields.insert(PlistEntry(key: Student.ageKey, value: .string(writtenAge)), at: 0)
        }
        return student
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

    // MARK: The register

    /// The mark of the student at `index` in `lesson`, or `nil` when they have none.
    func entry(at index: Int, in lesson: Lesson) -> AttendanceEntry? {
        lessons.place(of: lesson).flatMap { records[index].register.entry(for: $0) }
    }

    /// Marks the students at `indices` in `lesson`, found in the table once for them all.
    mutating func mark(_ indices: some Sequence<Int>, in lesson: Lesson, as entry: AttendanceEntry) {
        let place = place(for: lesson)
        for index in indices { records[index].register.set(entry, for: place) }
    }

    /// Whether `lesson`'s register was taken: some student has a mark in it.
    func isTaken(_ lesson: Lesson) -> Bool {
        guard let place = lessons.place(of: lesson) else { return false }
        return records.indices.contains { records[$0].register.entry(for: place) != nil }
    }

    /// The place of `lesson` in the table, put there first when it is new; the registers that
    /// name later lessons are renumbered then.
    private mutating func place(for lesson: Lesson) -> Int32 {
        let (place, isNew) = lessons.insert(lesson)
        if isNew {
            for index in records.indices { records[index].register.makeRoom(at: place) }
        }
        return place
    }

    // MARK: Writing

    /// The student's fields other than the name and register, read in place, so that the
    /// register's storage is not retained and released once per student.
    func record(at index: Int) -> StudentNumbers {
        StudentNumbers(
            id: records[index].id, age: records[index].age, grade: records[index].grade,
            score: records[index].score)
    }

    func nameLayout(at index: Int) -> (units: Int, isASCII: Bool) {
        (records[index].name.units, records[index].name.isASCII)
    }

    func hasRegister(at index: Int) -> Bool {
        !records[index].register.isEmpty
    }

    func register(at index: Int) -> StoredRegister {
        records[index].register
    }

    /// Whether the student at `index` was on the class's roll on `day`; see
    /// ``Student/isOnRoll(on:)``. Most students have no details, and are told at once.
    func isOnRoll(at index: Int, on day: SchoolDay) -> Bool {
        details(at: index).isOnRoll(on: day)
    }

    func details(at index: Int) -> StudentDetails {
        records[index].details
    }

    func marks(at index: Int) -> StoredMarks {
        records[index].marks
    }

    func writeNameBytes(at index: Int, isASCII: Bool, into output: inout PlistObjectWriter) {
        let name = records[index].name
        let bytes = self.bytes(of: name)
        if name.isUTF16 && isASCII {
            // Every name that is all ASCII is written as ASCII, whatever wrote the file.
            for unit in 0..<name.units { output.append(bytes[bytes.startIndex + 2 * unit + 1]) }
        } else {
            output.append(bytes)
        }
    }

    // MARK: Bytes

    /// The bytes of `name`, as the file keeps it.
    func bytes(of name: StoredName) -> ArraySlice<UInt8> {
        names[name.start..<(name.start + name.byteCount)]
    }

    /// The record for a student, its name appended to ``names`` as a plist would store it.
    private mutating func stored(_ student: Student) -> StoredStudent {
        let start = names.count
        let (units, isASCII) = UTF16Encoding.measure(student.name)
        if isASCII {
            names.append(contentsOf: student.name.utf8)
        } else {
            UTF16Encoding.forEachByte(of: student.name) { names.append($0) }
        }
        let name = StoredName(
            start: start, units: units, isUTF16: !isASCII, isASCII: isASCII)
        var register = StoredRegister()
        for (lesson, entry) in student.attendance { register.set(entry, for: place(for: lesson)) }
        return StoredStudent(
            id: student.id, name: name, age: student.age, grade: student.grade, score: student.score,
            register: register, details: student.details,
            marks: markStrings.stored(student.markEntries ?? []), writtenAge: student.writtenAge)
    }
}
