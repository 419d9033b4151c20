import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading every record, on two cores when the roster is large.
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
    /// read (on two cores), and only those are made and compared afterwards.
    func ids(namesMatching matcher: NamesakeMatcher) throws(DecodingProblem) -> (
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
            let name =
                stored.isUTF16
                ? UTF16Transcoder.string(bigEndian: bytes) ?? "" : String(decoding: bytes, as: UTF8.self)
            guard !stored.isUTF16 || matcher.matches(name, folder: &folder) else { continue }
            var namesake = student
            namesake.name = name
            namesakes.append(namesake)
        }
        return (ids, notes, namesakes)
    }

    /// Students noted on two threads at once.
    private final class Candidates: @unchecked Sendable {
        private let lock = Lock()
        private var found: [(Student, StoredName)] = []

        func add(_ student: Student, _ name: StoredName) {
            lock.withLock { found.append((student, name)) }
        }

        /// The candidates in the order their names stand in the file, whichever half noted them
        /// first.
        func inFileOrder() -> [(Student, StoredName)] {
            lock.withLock { found }.sorted { $0.1.start < $1.1.start }
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
                id: student.id, name: name, age: student.age, grade: student.grade, score: student.score)
        }
    }

    /// Reads and checks every record, keeping what `keep` takes of each.
    ///
    /// - Parameters:
    ///   - names: Whether to make the names; without them (they are left empty, and `keep` is
    ///     told where their bytes are) every record is still checked in full.
    ///   - keep: What to keep of each student.
    private func records<Value>(names: Bool, keep: (RecordRead) -> Value) throws(DecodingProblem)
        -> ([Value], RecordNotes)
    {
        let top = try object(topObject)
        guard top.type == 0xA else { throw .notAList }
        guard top.count >= Self.recordsWorthSplitting else {
            return try records(in: 0..<top.count, of: top, names: names, keep: keep)
        }
        // A large roster is read in two halves at once, one per core, each half decoding straight
        // into its own part of the result; the reader itself only reads.
        let halves = [0..<top.count / 2, top.count / 2..<top.count]
        // Each half writes only its own slot of `problems` and its own part of the result.
        nonisolated(unsafe) let problems = UnsafeMutableBufferPointer<DecodingProblem?>.allocate(capacity: 2)
        problems.initialize(repeating: nil)
        nonisolated(unsafe) let notes = UnsafeMutableBufferPointer<RecordNotes>.allocate(capacity: 2)
        notes.initialize(repeating: RecordNotes())
        defer {
            problems.deallocate()
            notes.deinitialize().deallocate()
        }
        nonisolated(unsafe) let reader = self
        nonisolated(unsafe) let keep = keep
        let result = [Value](unsafeUninitializedCapacity: top.count) { buffer, initialized in
            FileSystem.preferLargePages(UnsafeMutableRawBufferPointer(buffer))
            nonisolated(unsafe) let storage = buffer
            _ = ParallelWork.pair { half in
                problems[half] = reader.decode(
                    halves[half], of: top, names: names, keep: keep, into: storage, notes: &notes[half])
            }
            for half in 0..<2 where problems[half] != nil {
                // Undo the half that did succeed; the result is abandoned.
                for other in 0..<2 where problems[other] == nil {
                    _ = UnsafeMutableBufferPointer(rebasing: storage[halves[other]]).deinitialize()
                }
                initialized = 0
                return
            }
            initialized = top.count
        }
        if let problem = problems.compactMap({ $0 }).first { throw problem }
        var merged = notes[0]
        merged.merge(notes[1])
        return (result, merged)
    }

    /// Decodes the records in `range` into their places in `storage`; on a problem, nothing of the
    /// range is left initialized and the problem is returned.
    private func decode<Value>(
        _ range: Range<Int>, of top: Object, names: Bool, keep: (RecordRead) -> Value,
        into storage: UnsafeMutableBufferPointer<Value>, notes: inout RecordNotes
    ) -> DecodingProblem? {
        var keys = KeyCache()
        var budget = PlistValueBudget(objects: objectCount)
        for index in range {
            do {
                let reference = reference(at: top.start + index * referenceSize)
                let read = try record(reference, record: index, keys: &keys, names: names, budget: &budget)
                notes.note(id: read.student.id, ageIsText: read.ageIsText, otherFields: read.otherFields)
                storage.initializeElement(at: index, to: keep(read))
            } catch {
                _ = UnsafeMutableBufferPointer(rebasing: storage[range.lowerBound..<index]).deinitialize()
                return error
            }
        }
        return nil
    }

    /// Rosters at least this large are read on two cores.
    static let recordsWorthSplitting = 20_000

    private func records<Value>(
        in range: Range<Int>, of top: Object, names: Bool, keep: (RecordRead) -> Value
    ) throws(DecodingProblem) -> ([Value], RecordNotes) {
        var values: [Value] = []
        values.reserveCapacity(range.count)
        var keys = KeyCache()
        var budget = PlistValueBudget(objects: objectCount)
        var notes = RecordNotes()
        for index in range {
            let reference = reference(at: top.start + index * referenceSize)
            let read = try record(reference, record: index, keys: &keys, names: names, budget: &budget)
            notes.note(id: read.student.id, ageIsText: read.ageIsText, otherFields: read.otherFields)
            values.append(keep(read))
        }
        return (values, notes)
    }
}
