import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns roster files into students and back, and explains a damaged file in plain words.
///
/// This is the one place that knows how students are laid out on disk; ``StorageHandler`` reads
/// and writes bytes and leaves their meaning to this type. It reads and writes property lists with
/// roster's own schema-bound readers and writers rather than `PropertyListDecoder` and
/// `PropertyListEncoder`: they produce the same files (the tests compare them with Foundation's),
/// take a fraction of the time, and cannot be crashed or stalled by a hostile file.
enum RosterCodec {
    /// Decodes a roster file's bytes and tells which format they were in.
    ///
    /// - Throws: ``StorageError/damaged(path:reason:)`` naming what is wrong, and which record when
    ///   it is one record.
    static func decode(_ data: Data, path: String) throws -> (
        students: [Student], conventions: FileConventions
    ) {
        do throws(DecodingProblem) {
            let decoded = try decode(data)
            try checkUniqueIDs(decoded.students) { $0.id }
            return decoded
        } catch {
            throw StorageError.damaged(path: path, reason: error.reason)
        }
    }

    /// Decodes a roster for a change to a few of its students: a binary roster's names stay
    /// bytes of the file (see ``StoredRoster``); any other roster is decoded in full.
    ///
    /// - Throws: ``StorageError/damaged(path:reason:)`` as ``decode(_:path:)`` does.
    static func decodeStored(_ data: Data, path: String) throws -> (
        roster: StoredRoster, conventions: FileConventions
    ) {
        guard data.starts(with: Array("bplist00".utf8)) else {
            let (students, conventions) = try decode(data, path: path)
            return (StoredRoster(students), conventions)
        }
        do throws(DecodingProblem) {
            let (roster, notes) = try StoredRoster.read(binary: data)
            try checkUniqueIDs(roster.records) { $0.id }
            return (roster, FileConventions(format: .binary, notes: notes))
        } catch {
            throw StorageError.damaged(path: path, reason: error.reason)
        }
    }

    /// What adding to a roster makes: the new file, how many students the old one had, and the
    /// students already on it whose name is the one looked for.
    struct Appended {
        let file: SplicedFile
        let oldCount: Int
        let namesakes: [Student]
    }

    /// The roster in `data` with `added` at its end, in the same format.
    ///
    /// A binary roster is checked in full but not decoded into students, and grows by splicing
    /// (see ``BinaryPlistAppender``), which keeps every other object of the file as it is; any
    /// other roster, or one whose ages are text, is decoded, extended and encoded again.
    ///
    /// - Parameter name: A name to look for among the students already on the roster, as a
    ///   lookup compares names; `nil` to look for none.
    /// - Throws: ``StorageError/damaged(path:reason:)`` when `data` is not a roster, and
    ///   ``AppendConflict`` when an added id is already on it.
    static func appending(_ added: [Student], to data: Data, path: String, lookingFor name: String? = nil)
        throws -> Appended
    {
        let matcher = name.map(SameName.init)
        guard data.starts(with: Array("bplist00".utf8)) else {
            return try reencoded(data, adding: added, path: path, matcher: matcher)
        }
        let result = SharedBytes.reading(data) { bytes in
            Result {
                () throws(DecodingProblem) -> (existing: [UUID], namesakes: [Student], spliced: SplicedFile?)
                in
                let reader = try BinaryPlistReader(bytes)
                // Every record is checked, but only the ids are kept (and the students with the
                // name looked for): that is all adding needs.
                var (existing, notes, namesakes) = ([UUID](), RecordNotes(), [Student]())
                if let matcher {
                    (existing, notes, namesakes) = try reader.ids(namesMatching: matcher)
                } else {
                    (existing, notes) = try reader.ids()
                }
                try checkUniqueIDs(existing) { $0 }
                let conventions = FileConventions(format: .binary, notes: notes)
                return (
                    existing, namesakes,
                    try BinaryPlistAppender.file(
                        appending: notes.hasLessons ? joiningToday(added) : added, to: reader, base: data,
                        conventions: conventions)
                )
            }
        }
        let checked: (existing: [UUID], namesakes: [Student], spliced: SplicedFile?)
        do {
            checked = try result.get()
        } catch {
            throw StorageError.damaged(path: path, reason: error.reason)
        }
        try checkNoConflict(added, against: checked.existing)
        guard let spliced = checked.spliced else {
            return try reencoded(data, adding: added, path: path, matcher: matcher)
        }
        return Appended(file: spliced, oldCount: checked.existing.count, namesakes: checked.namesakes)
    }

    /// `students` joining a class that has had lessons: each joins today unless a day was given,
    /// so that no register taken before today counts them.
    private static func joiningToday(_ students: [Student]) -> [Student] {
        let today = SchoolDay.today()
        return students.map { student in
            var joining = student
            if joining.joined == nil { joining.joined = today }
            return joining
        }
    }

    /// The roster in `data` with `added` at its end, decoded and encoded again in its conventions.
    private static func reencoded(
        _ data: Data, adding added: [Student], path: String, matcher: SameName?
    ) throws -> Appended {
        var (students, conventions) = try decode(data, path: path)
        let oldCount = students.count
        var folder = ScalarFolder()
        let namesakes =
            matcher.map { matcher in students.filter { matcher.matches($0.name, folder: &folder) } } ?? []
        try checkNoConflict(added, against: students.map(\.id))
        students += students.contains { !$0.attendance.isEmpty } ? joiningToday(added) : added
        return Appended(
            file: SplicedFile(try encode(students, conventions: conventions)), oldCount: oldCount,
            namesakes: namesakes)
    }

    /// A file's contents, handed to the `write` function it is given in pieces, in order: the
    /// transaction gives it ``FileSystem/Replacement/write(_:)``.
    typealias FileWriter = (_ write: (SharedBytes) throws -> Void) throws -> Void

    /// The file for a roster read by ``decodeStored(_:path:)``, in the given format: a binary file
    /// is encoded as it is written, a block at a time, rather than held in memory whole.
    ///
    /// - Throws: ``StorageError/encodingFailed(reason:)`` when an XML file cannot be made; it is
    ///   made before anything is written.
    static func fileWriter(_ roster: StoredRoster, conventions: FileConventions) throws -> FileWriter {
        guard conventions.format == .binary else {
            return fileWriter(of: try encode(roster.students, conventions: conventions))
        }
        let kept = KeptEntries(roster, conventions: conventions)
        return { write in
            try BinaryPlistWriter.write(roster, agesAsText: conventions.agesAsText, kept: kept, to: write)
        }
    }

    /// The file for students in the given conventions, made as for a stored roster.
    static func fileWriter(_ students: [Student], conventions: FileConventions) throws -> FileWriter {
        guard conventions.format == .binary else {
            return fileWriter(of: try encode(students, conventions: conventions))
        }
        return binaryFile(students, conventions: conventions)
    }

    /// The binary writer's file for students: written from the array, or, when some student has
    /// a register or marks, from a ``StoredRoster``, which keeps the registers' lessons and the
    /// marks' ids and texts in tables. What the records keep besides is taken first, by the
    /// students' places, which are the stored roster's too.
    private static func binaryFile(_ students: [Student], conventions: FileConventions) -> FileWriter {
        let (agesAsText, kept) = (conventions.agesAsText, KeptEntries(students, conventions: conventions))
        guard students.contains(where: { !$0.attendance.isEmpty || $0.hasMarks }) else {
            return { write in
                try BinaryPlistWriter.write(students, agesAsText: agesAsText, kept: kept, to: write)
            }
        }
        let roster = StoredRoster(students)
        return { write in try BinaryPlistWriter.write(roster, agesAsText: agesAsText, kept: kept, to: write) }
    }

    /// The file made of `bytes`.
    static func fileWriter(of bytes: [UInt8]) -> FileWriter {
        { write in try SharedBytes.reading(bytes) { try write($0) } }
    }

    /// Encodes students as a plain property list in the given format, as a new roster or an
    /// export is written.
    static func encode(_ students: [Student], format: RosterFormat) throws -> [UInt8] {
        try encode(students, conventions: FileConventions(format: format))
    }

    /// Encodes students as a property list in the given conventions, by the one writer of each
    /// format: ``BinaryPlistWriter``, which knows every field, the register, the details, the
    /// marks and what records keep besides (``KeptEntries``), or ``XMLPlistWriter``, from each
    /// record as a ``PlistValue`` with everything the file keeps.
    static func encode(_ students: [Student], conventions: FileConventions) throws -> [UInt8] {
        switch conventions.format {
        case .binary:
            var bytes: [UInt8] = []
            try binaryFile(students, conventions: conventions)({ bytes.append(contentsOf: $0) })
            return bytes
        case .xml:
            return try XMLPlistWriter.bytes(for: .roster(of: students, conventions: conventions))
        }
    }

    private static func decode(_ data: Data) throws(DecodingProblem) -> (
        students: [Student], conventions: FileConventions
    ) {
        guard !data.isEmpty else { throw DecodingProblem(reason: "the file is empty") }
        if data.starts(with: Array("bplist".utf8)) {
            guard data.starts(with: Array("bplist00".utf8)) else {
                throw .notAPropertyList("its binary plist version is not 00")
            }
            var (students, notes) = try SharedBytes.reading(data) { bytes throws(DecodingProblem) in
                try BinaryPlistReader(bytes).students()
            }
            if notes.hasLegacyRegister { RegisterCoding.upgradeLegacy(&students) }
            return (students, FileConventions(format: .binary, notes: notes))
        }
        let start = data.prefix(512).drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard start.first == UInt8(ascii: "<") else {
            throw .notAPropertyList("roster reads binary and XML property lists")
        }
        var (students, notes) = try XMLPlistReader.students(from: data)
        if notes.hasLegacyRegister { RegisterCoding.upgradeLegacy(&students) }
        return (students, FileConventions(format: .xml, notes: notes))
    }

    /// Finds two records with one id. Sorting the ids' first halves (see ``RadixSort``) finds
    /// the few candidates faster than hashing every id; only those are compared in full.
    private static func checkUniqueIDs<Record>(_ records: [Record], id: (Record) -> UUID)
        throws(DecodingProblem)
    {
        guard records.count > 1 else { return }
        var halves = records.map { firstHalf(of: id($0)) }
        RadixSort.sort(&halves)
        var repeated: Set<UInt64> = []
        for position in 1..<halves.count where halves[position] == halves[position - 1] {
            repeated.insert(halves[position])
        }
        guard !repeated.isEmpty else { return }
        var firstRecord: [UUID: Int] = [:]
        for (index, id) in records.lazy.map(id).enumerated() where repeated.contains(firstHalf(of: id)) {
            if let earlier = firstRecord.updateValue(index, forKey: id) {
                throw .record(index, "has the same id as record \(earlier + 1) (\(id))")
            }
        }
    }

    private static func firstHalf(of id: UUID) -> UInt64 {
        UUIDText.halves(of: id).high
    }

    /// Refuses a file whose first and last bytes show it is no roster, before the rest is read:
    /// a crafted or sparse file of gigabytes is refused at once. A binary roster's trailer must fit
    /// its size (``BinaryPlistReader/trailer(_:fileSize:)``); anything else must start as XML text
    /// does (`<`, after a byte order mark or white space) and end with `>` when it is 1 MiB or more.
    ///
    /// - Throws: ``StorageError/damaged(path:reason:)``.
    static func checkEnds(head: [UInt8], tail: [UInt8], size: Int, path: String) throws {
        do throws(DecodingProblem) {
            if head.starts(with: Array("bplist".utf8)) {
                guard tail.count >= BinaryPlistReader.trailerSize else {
                    throw .notAPropertyList("the file is cut short")
                }
                _ = try SharedBytes.reading(tail) { tail throws(DecodingProblem) in
                    try BinaryPlistReader.trailer(tail.suffix(BinaryPlistReader.trailerSize), fileSize: size)
                }
                return
            }
            // A small file is read whole, for the decoder's precise reason. Large text, in UTF-8 or
            // UTF-16: its zero bytes aside, the first sign is `<` and the last `>`.
            guard size >= 1 << 20 else { return }
            let isBlank = { (byte: UInt8) in
                byte == 0 || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            }
            let first = head.drop {
                isBlank($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0xFE || $0 == 0xFF
            }.first
            let last = tail.reversed().first { !isBlank($0) }
            guard first == UInt8(ascii: "<"), last == UInt8(ascii: ">") else {
                throw .notAPropertyList("roster reads binary and XML property lists")
            }
        } catch {
            throw StorageError.damaged(path: path, reason: error.reason)
        }
    }
}

/// What a roster file does its own way, which roster keeps whenever it rewrites the file.
///
/// Another program may share the roster: the iOS teaching app stores ages as text (`"12"`), and
/// other apps add keys of their own (a nickname, tags, a photo). Readers note both here, and
/// writers write every record the same way again, so those programs can still read the file.
struct FileConventions: Sendable, Equatable {
    /// The flavour of property list: binary or XML.
    var format: RosterFormat
    /// Whether ages are stored as text, as the iOS teaching app stores them: in a new file, and
    /// in a file with any age stored as text (the app cannot read a file with any age stored as
    /// a number); a file whose ages are all numbers, as Python's `plistlib` writes them, keeps
    /// numbers.
    var agesAsText = true
    /// The keys and values of each student that roster does not know, in file order: other
    /// apps' keys, never roster's own fields.
    var otherFields: [UUID: [PlistEntry]] = [:]

    /// A new binary roster's conventions, which are the iOS app's encoder's: ages as text.
    static let binary = FileConventions(format: .binary)

    /// The conventions of a file in `format` with ages as text or as numbers, and no other keys.
    init(format: RosterFormat, agesAsText: Bool) {
        self.format = format
        self.agesAsText = agesAsText
    }

    /// The conventions of a file in `format` whose records say what `notes` gathered.
    init(format: RosterFormat, notes: RecordNotes = RecordNotes()) {
        self.format = format
        agesAsText = notes.agesAsText || !notes.agesAsNumbers
        otherFields = notes.otherFields
    }
}

/// What the records of one file said about its conventions, gathered while they are read.
struct RecordNotes: Sendable {
    var agesAsText = false
    var agesAsNumbers = false
    /// Whether some student has a register: the class has had a lesson, and a student added now
    /// joins today (see ``Student/joined``).
    var hasLessons = false
    var otherFields: [UUID: [PlistEntry]] = [:]
    /// Whether some record kept its register as an earlier version did, to be upgraded to
    /// lessons (see ``RegisterCoding/upgradeLegacy(_:)``).
    var hasLegacyRegister = false
    /// The lessons of the registers' keys, by the key object's number (see ``StoredRegister``).
    var lessonKeys: [Int: Lesson] = [:]
    /// The texts of the marks' ids and values, by the object's number (see ``StoredMarks``).
    var markStrings: [Int: String] = [:]

    /// Takes in what one record said.
    mutating func note(
        id: UUID, ageIsText: Bool, otherFields fields: [PlistEntry], legacyRegister: Bool, register: Bool
    ) {
        if register || legacyRegister { hasLessons = true }
        if ageIsText { agesAsText = true } else { agesAsNumbers = true }
        if legacyRegister { hasLegacyRegister = true }
        if !fields.isEmpty { otherFields[id] = fields }
    }

    /// Takes in what another part of the same file said.
    mutating func merge(_ other: RecordNotes) {
        agesAsText = agesAsText || other.agesAsText
        agesAsNumbers = agesAsNumbers || other.agesAsNumbers
        hasLessons = hasLessons || other.hasLessons
        hasLegacyRegister = hasLegacyRegister || other.hasLegacyRegister
        lessonKeys.merge(other.lessonKeys) { first, _ in first }
        markStrings.merge(other.markStrings) { first, _ in first }
        otherFields.merge(other.otherFields) { first, _ in first }
    }
}

/// The rule that an added student's id is new.
extension RosterCodec {
    /// Throws when any of `added` has the id of one of `existing`.
    ///
    /// The smaller side goes into a set, so adding one student to a large roster, or importing a
    /// large file into a small roster, hashes few ids.
    fileprivate static func checkNoConflict(_ added: [Student], against existing: [UUID]) throws {
        guard !added.isEmpty, !existing.isEmpty else { return }
        let taken: Set<UUID>
        if existing.count <= added.count {
            let existingIDs = Set(existing)
            taken = Set(added.lazy.map(\.id).filter { existingIDs.contains($0) })
        } else {
            let addedIDs = Set(added.lazy.map(\.id))
            taken = Set(existing.lazy.filter { addedIDs.contains($0) })
        }
        guard !taken.isEmpty else { return }
        throw AppendConflict(ids: added.map(\.id).filter { taken.contains($0) })
    }
}
