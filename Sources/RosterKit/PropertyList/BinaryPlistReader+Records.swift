import RosterEngine
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading every record, in parts at once when the roster is large.
extension BinaryPlistReader {
    /// Reads and checks every record.
    func students() throws(DecodingProblem) -> ([Student], RecordNotes) {
        try records(names: true) { $0.student }
    }

    /// Checks every record in full but keeps only the ids, which is all that adding to a roster
    /// needs: no names are made and no students kept.
    func ids() throws(DecodingProblem) -> ([UUID], RecordNotes) {
        try records(names: false) { $0.student.id }
    }

    /// Checks every record as ``ids()`` does, and also finds the students whose names are the
    /// same as `matcher`'s: the names whose length could match are noted while the records are
    /// read (in parts at once), and only those are made and compared afterwards.
    func ids(namesMatching matcher: SameName) throws(DecodingProblem) -> (
        [UUID], RecordNotes, [Student]
    ) {
        let found = Candidates()
        let (ids, notes) = try records(names: false) { read -> UUID in
            // An ASCII name is compared at once, on its bytes; any other is made and folded later.
            if let stored = read.storedName, matcher.couldMatch(units: stored.units),
                stored.isUTF16
                    ? matcher.couldMatch(utf16: slice(stored.start, stored.byteCount))
                    : matcher.matches(ascii: slice(stored.start, stored.byteCount))
            {
                found.add(read.student, stored)
            }
            return read.student.id
        }
        var folder = ScalarFolder()
        var namesakes: [Student] = []
        for (student, stored) in found.inFileOrder() {
            let bytes = slice(stored.start, stored.byteCount)
            let name = stored.isUTF16 ? UTF16Transcoder.string(bigEndian: bytes) ?? "" : bytes.utf8String
            guard !stored.isUTF16 || matcher.matches(name, folder: &folder) else { continue }
            var namesake = student
            namesake.name = name
            namesakes.append(namesake)
        }
        return (ids, notes, namesakes)
    }

    /// Students noted by the parts of a large roster at once.
    private final class Candidates: Sendable {
        private let found = Mutex<[(Student, StoredName)]>([])

        func add(_ student: Student, _ name: StoredName) {
            found.withLock { $0.append((student, name)) }
        }

        /// The candidates in the order their names stand in the file, whichever part noted them
        /// first.
        func inFileOrder() -> [(Student, StoredName)] {
            found.withLock { $0 }.sorted { $0.1.start < $1.1.start }
        }
    }

    /// Checks every record in full but leaves the names as bytes of the file, for a change that
    /// writes most students back as they are (see ``StoredRoster``).
    func storedStudents() throws(DecodingProblem) -> ([StoredStudent], RecordNotes) {
        try records(names: false) { read in
            // A record read without making its name always has a stored name.
            let name = read.storedName ?? StoredName(start: 0, units: 0, isUTF16: false, isASCII: true)
            let student = read.student
            return StoredStudent(
                id: student.id, name: name, age: student.age, grade: student.grade, score: student.score,
                register: read.register, details: student.details, marks: read.marks,
                writtenAge: Student.writtenAge(among: read.otherFields))
        }
    }

    /// Reads and checks every record, keeping what `keep` takes of each.
    ///
    /// A large roster is read in parts at once, one per core (see ``ParallelWork``); the reader
    /// itself only reads, and each part returns its own records and notes.
    ///
    /// - Parameters:
    ///   - names: Whether to make the names; without them (they are left empty, and `keep` is
    ///     told where their bytes are) every record is still checked in full.
    ///   - keep: What to keep of each student.
    private func records<Value: Sendable>(names: Bool, keep: @Sendable (RecordRead) -> Value)
        throws(DecodingProblem) -> ([Value], RecordNotes)
    {
        let top = try object(topObject)
        guard top.type == 0xA else { throw .notAList }
        // The first part has room for every record, so the others are added to it in place
        // rather than all of them copied into a new array.
        var parts = ParallelWork.parts(count: top.count) { range in
            Result { () throws(DecodingProblem) in
                try records(
                    in: range, of: top, names: names, room: range.lowerBound == 0 ? top.count : range.count,
                    keep: keep)
            }
        }
        var (values, notes) = try parts.removeFirst().get()
        for part in parts {
            let (partValues, partNotes) = try part.get()
            values.append(contentsOf: partValues)
            notes.merge(partNotes)
        }
        return (values, notes)
    }

    private func records<Value>(
        in range: Range<Int>, of top: Object, names: Bool, room: Int, keep: (RecordRead) -> Value
    ) throws(DecodingProblem) -> ([Value], RecordNotes) {
        var values: [Value] = []
        values.reserveCapacity(room)
        var keys = KeyCache()
        var budget = PlistValueBudget(fileBytes: bytes.count)
        var notes = RecordNotes()
        for index in range {
            let reference = reference(at: top.start + index * referenceSize)
            let read = try record(reference, record: index, keys: &keys, names: names, budget: &budget)
            notes.note(
                id: read.student.id, ageIsText: read.ageIsText, otherFields: read.otherFields,
                legacyRegister: read.hasLegacyRegister,
                register: !read.register.isEmpty || !read.student.attendance.isEmpty)
            values.append(keep(read))
        }
        notes.lessonKeys = keys.lessons
        notes.markStrings = keys.markStrings
        return (values, notes)
    }

    /// Reads a register stored as roster writes it, a dictionary of lessons to marks, with the
    /// lessons and the marks every student shares read once (see ``KeyCache``); `nil` for any
    /// other value, which the general reader then reads. The register's lessons are named by
    /// their keys' object numbers, which ``KeyCache/lessons`` maps to lessons.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when an entry is not a lesson and a mark.
    func register(_ reference: Int, record: Int, keys: inout KeyCache, budget: inout PlistValueBudget)
        throws(DecodingProblem) -> StoredRegister?
    {
        let dictionary = try object(reference)
        guard dictionary.type == 0xD else { return nil }
        var lines: [StoredRegister.Line] = []
        var reasons: [Int32: String] = [:]
        // Room for the next lesson too, which a change of the register most often adds.
        lines.reserveCapacity(dictionary.count + 1)
        for entry in 0..<dictionary.count {
            try budget.spend(depth: 2)
            let keyReference = self.reference(at: dictionary.start + entry * referenceSize)
            let valueReference = self.reference(
                at: dictionary.start + (dictionary.count + entry) * referenceSize)
            try checkLesson(keyReference, at: entry, record: record, keys: &keys)
            let lesson = Int32(truncatingIfNeeded: keyReference)
            if let mark = keys.mark(for: valueReference) {
                lines.append(StoredRegister.Line(lesson: lesson, mark: mark))
                continue
            }
            let value = try object(valueReference)
            let entry: AttendanceEntry
            // Checked above, so always there.
            guard let named = keys.lessons[keyReference] else {
                throw .record(record, "has a damaged register")
            }
            if let text = try text(value) {
                entry = try RegisterCoding.entry(.string(text), lesson: named, record: record)
                keys.remember(valueReference, entry.mark)
            } else {
                entry = try RegisterCoding.entry(
                    self.value(valueReference, depth: 2, budget: &budget), lesson: named, record: record)
            }
            lines.append(StoredRegister.Line(lesson: lesson, mark: entry.mark))
            if let reason = entry.reason { reasons[lesson] = reason }
        }
        return StoredRegister(reading: lines, reasons: reasons)
    }

    /// Reads a student's marks stored as roster writes them, a dictionary of assessment ids to
    /// marks' text, each checked; the ids and the marks every student shares are read and checked
    /// once (see ``KeyCache``). `nil` for any other value, which the general reader then reads
    /// and ``MarkCoding`` checks.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when a value is not a mark.
    func marks(_ reference: Int, record: Int, keys: inout KeyCache, budget: inout PlistValueBudget)
        throws(DecodingProblem) -> StoredMarks?
    {
        let dictionary = try object(reference)
        guard dictionary.type == 0xD else { return nil }
        var marks = StoredMarks()
        marks.lines.reserveCapacity(dictionary.count)
        for entry in 0..<dictionary.count {
            try budget.spend(depth: 2)
            let keyReference = self.reference(at: dictionary.start + entry * referenceSize)
            let valueReference = self.reference(
                at: dictionary.start + (dictionary.count + entry) * referenceSize)
            if !keys.markIDs.holds(keyReference) {
                guard let key = try text(object(keyReference)), !key.isEmpty else { return nil }
                keys.markIDs.remember(keyReference, key)
                keys.markStrings[keyReference] = key
            }
            if !keys.markTexts.holds(valueReference) {
                guard let text = try text(object(valueReference)) else { return nil }
                guard Mark(stored: text) != nil else {
                    throw .record(record, MarkCoding.notAMark(keys.markIDs.text(of: keyReference) ?? ""))
                }
                keys.markTexts.remember(valueReference, text)
                keys.markStrings[valueReference] = text
            }
            marks.lines.append(
                StoredMarks.Line(
                    id: Int32(truncatingIfNeeded: keyReference),
                    text: Int32(truncatingIfNeeded: valueReference)))
        }
        return marks
    }

    /// Checks that a register's key object names a lesson, once for all the students that share
    /// the key, and keeps the lesson in ``KeyCache/lessons``.
    private func checkLesson(_ reference: Int, at position: Int, record: Int, keys: inout KeyCache)
        throws(DecodingProblem)
    {
        if keys.isRecentLesson(reference, at: position) { return }
        if keys.lessons[reference] == nil {
            let key = try text(object(reference)) ?? ""
            guard let lesson = Lesson(key: key) else {
                throw .record(record, "has a register entry '\(key.prefix(40))' that is not a lesson")
            }
            keys.lessons[reference] = lesson
        }
        keys.rememberLesson(reference, at: position)
    }
}

extension BinaryPlistReader {
    /// The fields of recently seen key objects: files share one key object among all records,
    /// so this saves reading and matching every key of every record.
    ///
    /// Each key object has one slot, picked by the low bits of its number, so a lookup is one
    /// comparison; a key that lands in a taken slot takes it over.
    struct KeyCache {
        private static let slots = 16
        private var references = [Int](repeating: -1, count: slots)
        private var fields = [StudentField?](repeating: nil, count: slots)

        /// The field of a key object seen before, or `nil` when it is not cached.
        func field(for reference: Int) -> StudentField?? {
            let slot = reference & (Self.slots - 1)
            return references[slot] == reference ? .some(fields[slot]) : nil
        }

        mutating func remember(_ reference: Int, _ field: StudentField?) {
            let slot = reference & (Self.slots - 1)
            references[slot] = reference
            fields[slot] = field
        }

        /// The names of keys roster does not know, by the key object's number.
        var otherKeys: [Int: String] = [:]
        /// The lessons of a register's keys, by the key object's number: every student's register
        /// shares them.
        var lessons: [Int: Lesson] = [:]
        /// The key objects of the register read last, by position: most registers hold the same
        /// lessons, so most are known after one comparison.
        private var recentLessons: [Int] = []

        /// Whether key object `reference` stood at `position` in the register read last.
        func isRecentLesson(_ reference: Int, at position: Int) -> Bool {
            position < recentLessons.count && recentLessons[position] == reference
        }

        mutating func rememberLesson(_ reference: Int, at position: Int) {
            if position < recentLessons.count {
                recentLessons[position] = reference
            } else if position == recentLessons.count {
                recentLessons.append(reference)
            }
        }

        /// The assessment ids of marks' key objects read last: every student's marks share them.
        var markIDs = RecentTexts()
        /// The text of mark objects already checked: a file keeps each mark once.
        var markTexts = RecentTexts()
        /// The text of every id and mark object read, by the object's number (see ``StoredMarks``).
        var markStrings: [Int: String] = [:]

        /// The entries of marks read by ``BinaryPlistReader/marks(_:record:keys:budget:)``, as a
        /// student's record keeps them.
        func entries(of marks: StoredMarks) -> [PlistEntry] {
            marks.lines.map { line in
                PlistEntry(key: markString(Int(line.id)), value: .string(markString(Int(line.text))))
            }
        }

        private func markString(_ reference: Int) -> String {
            markIDs.text(of: reference) ?? markTexts.text(of: reference) ?? markStrings[reference] ?? ""
        }

        /// The mark objects written as text, by number: a file has one for each mark, found by a
        /// look along a few.
        private var marks: [(reference: Int, mark: AttendanceMark)] = []

        /// The mark of a value object seen before, or `nil`.
        func mark(for reference: Int) -> AttendanceMark? {
            for known in marks where known.reference == reference { return known.mark }
            return nil
        }

        mutating func remember(_ reference: Int, _ mark: AttendanceMark) {
            if marks.count < 8 { marks.append((reference, mark)) }
        }

    }

    /// The texts of string objects read last, each in a slot picked by the low bits of its
    /// object's number: the few objects that millions of marks share are found with one
    /// comparison, without hashing.
    struct RecentTexts {
        private static let slots = 1024
        private var references = [Int](repeating: -1, count: slots)
        private var texts = [String](repeating: "", count: slots)

        /// Whether object `reference` was read last in its slot.
        func holds(_ reference: Int) -> Bool {
            references[reference & (Self.slots - 1)] == reference
        }

        /// The text of object `reference` when it was read last in its slot, or `nil`.
        func text(of reference: Int) -> String? {
            let slot = reference & (Self.slots - 1)
            return references[slot] == reference ? texts[slot] : nil
        }

        mutating func remember(_ reference: Int, _ text: String) {
            let slot = reference & (Self.slots - 1)
            (references[slot], texts[slot]) = (reference, text)
        }
    }
}

/// Reading any value, for the keys of a record that roster does not know.
extension BinaryPlistReader {
    /// Reads the value `reference` names, `depth` deep, with everything inside it: a value nested
    /// deeper than ``PlistValue/maximumDepth`` (as one that contains itself is) makes the file
    /// damaged, and each value made spends from `budget` (see ``PlistValueBudget``).
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
            return .date(Double(bitPattern: bytes.bigEndian(at: object.start, size: 8)))
        case 0x4: return .data(Array(slice(object.start, object.count)))
        case 0x5, 0x6:
            guard let text = try text(object) else { break }
            return .string(text)
        case 0x8 where object.count < 8:
            return .uid(bytes.bigEndian(at: object.start, size: object.count + 1))
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
