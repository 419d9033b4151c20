import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a roster from a binary property list (`bplist00`), checking every offset and length.
///
/// The reader knows the shape of a roster, an array of dictionaries of scalars, so it never
/// recurses and visits each array element and dictionary entry once: its work is linear in the
/// file's size. Foundation's general readers on Linux crash on some hostile files (sets, deep
/// nesting) and take exponential time on arrays that share references; this one cannot.
///
/// It is also the fast path behind ``StorageHandler/load(from:)``: keys are matched by their bytes,
/// ids are parsed by hand, and UTF-16 names are transcoded straight into the string's storage.
struct BinaryPlistReader {
    /// The file's bytes, which the parts of a large roster read at once.
    let bytes: SharedBytes
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let tableOffset: Int

    static let trailerSize = 32

    /// Checks the trailer of a binary property list.
    init(_ bytes: SharedBytes) throws(DecodingProblem) {
        self.bytes = bytes
        guard bytes.count >= 8 + Self.trailerSize else { throw .notAPropertyList("the file is cut short") }
        let trailer = try Self.trailer(bytes.suffix(Self.trailerSize), fileSize: bytes.count)
        (offsetSize, referenceSize, objectCount) = (
            trailer.offsetSize, trailer.referenceSize, trailer.objectCount
        )
        (topObject, tableOffset) = (trailer.topObject, trailer.tableOffset)
    }

    /// The layout a file's last 32 bytes give, checked against the file's size: the one rule for
    /// a trailer, used also to refuse a huge file from its last bytes before the rest is read.
    static func trailer(_ last: SharedBytes, fileSize count: Int) throws(DecodingProblem) -> (
        offsetSize: Int, referenceSize: Int, objectCount: Int, topObject: Int, tableOffset: Int
    ) {
        guard last.count == trailerSize, count >= 8 + trailerSize else {
            throw .notAPropertyList("the file is cut short")
        }
        let (trailer, start) = (count - trailerSize, last.startIndex)
        let (offsetSize, referenceSize) = (Int(last[start + 6]), Int(last[start + 7]))
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw .notAPropertyList("its trailer is damaged")
        }
        let number = { (offset: Int) in last.bigEndian(at: start + offset, size: 8) }
        let (objects, top, table) = (number(8), number(16), number(24))
        guard objects > 0, top < objects, table >= 8, table <= UInt64(trailer),
            objects <= UInt64(trailer - Int(table)) / UInt64(offsetSize)
        else { throw .notAPropertyList("its trailer is damaged") }
        return (offsetSize, referenceSize, Int(objects), Int(top), Int(table))
    }

    /// One record as read: the student, where its name's bytes are when the name was not made,
    /// and what the record says of the file's conventions.
    struct RecordRead {
        let student: Student
        let storedName: StoredName?
        let ageIsText: Bool
        let otherFields: [PlistEntry]
        /// Whether the register was kept as an earlier version kept it.
        let hasLegacyRegister: Bool
        /// The register, which the student holds too when names are made.
        let register: StoredRegister
        /// The marks, numbered by their objects in the file, which the student holds too when names
        /// are made; not among ``otherFields``.
        let marks: StoredMarks
    }

    /// Reads and checks one record. With `names` false the name is checked but not made: the
    /// student's name is left empty and where its bytes are is returned instead. Values under
    /// keys roster does not know are read whole, within `budget`, so that they can be written back.
    func record(
        _ reference: Int, record: Int, keys: inout KeyCache, names: Bool, budget: inout PlistValueBudget
    ) throws(DecodingProblem) -> RecordRead {
        let dictionary = try object(reference)
        guard dictionary.type == 0xD else { throw .record(record, "is not a dictionary") }
        var fields = StudentFields()
        var (storedName, ageIsText, other): (StoredName?, Bool, OtherParts) = (nil, false, OtherParts())
        let valuesStart = dictionary.start + dictionary.count * referenceSize
        for entry in 0..<dictionary.count {
            let keyReference = self.reference(at: dictionary.start + entry * referenceSize)
            let valueReference = self.reference(at: valuesStart + entry * referenceSize)
            guard let field = try field(keyReference, keys: &keys) else {
                try readOther(
                    keyReference, valueReference, into: &other, record: record, keys: &keys, budget: &budget)
                continue
            }
            let value = try object(valueReference)
            let isRead: Bool
            if field == .name && !names {
                storedName = try checkedName(value, record: record)
                (fields.name, fields.nameIsStored) = ("", true)
                isRead = storedName != nil
            } else {
                isRead = try self.read(value, into: &fields, field: field, record: record)
                if field == .age && value.type != 0x1 { ageIsText = true }
            }
            guard isRead else { throw .record(record, "has a wrong value for '\(field.rawValue)'") }
        }
        fields.keepWrittenAge(in: &other.fields)
        let register = other.register ?? StoredRegister()
        let (student, isLegacy) = try student(
            fields, otherFields: &other.fields, register: register, marks: other.marks, keys: keys,
            names: names,
            record: record)
        return RecordRead(
            student: student, storedName: storedName, ageIsText: ageIsText, otherFields: other.fields,
            hasLegacyRegister: isLegacy, register: register, marks: other.marks)
    }

    /// What a record holds under keys that are not a student's own fields.
    private struct OtherParts {
        var register: StoredRegister?
        /// Marks as roster writes them, checked as they are read; other apps' keys are not among them.
        var marks = StoredMarks()
        /// Values under keys roster does not know, kept to be written back.
        var fields: [PlistEntry] = []
    }

    /// Reads the value under a key that is not a student's own field: the register, the marks, or
    /// a value read whole, within `budget`.
    private func readOther(
        _ keyReference: Int, _ valueReference: Int, into other: inout OtherParts, record: Int,
        keys: inout KeyCache, budget: inout PlistValueBudget
    ) throws(DecodingProblem) {
        let key = try otherKey(keyReference, keys: &keys)
        if key == RegisterCoding.key,
            let register = try register(valueReference, record: record, keys: &keys, budget: &budget)
        {
            other.register = register
        } else if key == Student.marksKey,
            let marks = try marks(valueReference, record: record, keys: &keys, budget: &budget)
        {
            other.marks = marks
        } else {
            other.fields.append(
                PlistEntry(key: key, value: try value(valueReference, depth: 1, budget: &budget)))
        }
    }

    /// The field a key object names, from the cache of recent keys when it is there.
    @inline(__always)
    private func field(_ keyReference: Int, keys: inout KeyCache) throws(DecodingProblem) -> StudentField? {
        if let cached = keys.field(for: keyReference) { return cached }
        let field = try self.field(named: object(keyReference))
        keys.remember(keyReference, field)
        return field
    }

    /// The text of a key roster does not know, read once for all records that share it.
    private func otherKey(_ keyReference: Int, keys: inout KeyCache) throws(DecodingProblem) -> String {
        if let key = keys.otherKeys[keyReference] { return key }
        let key = try text(object(keyReference)) ?? ""
        keys.otherKeys[keyReference] = key
        return key
    }

    /// Where a name's bytes are, checked without making the name; `nil` when it is not a string.
    private func checkedName(_ value: Object, record: Int) throws(DecodingProblem) -> StoredName? {
        guard let storedName = try self.storedName(value) else { return nil }
        // Bytes enough for no character at all, or for more characters than a name has.
        guard storedName.units > 0 else { throw .record(record, "has an empty name") }
        let most = StudentValidator.maximumNameLength * (storedName.isASCII ? 1 : 4)
        guard storedName.units <= most else {
            throw .record(record, "has a name longer than \(StudentValidator.maximumNameLength) characters")
        }
        // An ASCII name is its bytes: one must show.
        if !storedName.isUTF16,
            !slice(storedName.start, storedName.units).contains(where: { $0 > 0x20 && $0 != 0x7F })
        {
            throw .record(record, "has a name with no visible character")
        }
        return storedName
    }

    /// The student a record's fields make, with their details, register and marks taken from its
    /// other fields; the register and marks join the student only when `names` are made.
    private func student(
        _ fields: StudentFields, otherFields: inout [PlistEntry], register: StoredRegister,
        marks: StoredMarks,
        keys: KeyCache, names: Bool, record: Int
    ) throws(DecodingProblem) -> (Student, isLegacy: Bool) {
        var student = try fields.student(record: record)
        let taken = try RegisterCoding.take(from: &otherFields, record: record)
        student.details = try DetailCoding.take(from: &otherFields, record: record)
        if !otherFields.isEmpty, let problem = MarkCoding.problem(in: otherFields) {
            throw .record(record, problem)
        }
        guard names else { return (student, taken.isLegacy) }
        // A register under the earlier version's key is read whole, with names (see StoredRoster).
        var attendance = taken.attendance
        for line in register.lines {
            guard let lesson = keys.lessons[Int(line.lesson)] else { continue }
            // The lines are in the file's order, not yet the lessons': read one by one.
            attendance[lesson] = AttendanceEntry(line.mark, reason: register.reasons[line.lesson])
        }
        student.attendance = attendance
        student.otherFields = otherFields + MarkCoding.field(of: keys.entries(of: marks))
        return (student, taken.isLegacy)
    }

    /// Stores one value; returns false when it is of the wrong kind for its field.
    private func read(
        _ value: Object, into fields: inout StudentFields, field: StudentField, record: Int
    ) throws(DecodingProblem) -> Bool {
        switch field {
        case .id:
            guard value.type == 0x5, let id = UUIDText.uuid(fromASCII: slice(value.start, value.count))
            else {
                return false
            }
            fields.id = id
        case .name:
            guard let name = try text(value) else { return false }
            fields.name = name
        case .age:
            if let number = integer(value) {
                fields.age = number
            } else if let text = try text(value) {
                fields.readAge(text)
            } else {
                return false
            }
        case .grade:
            guard let number = integer(value) else { return false }
            fields.grade = number
        case .score:
            guard let number = real(value) ?? integer(value).map(Double.init) else { return false }
            fields.score = number
        }
        return true
    }

    /// The field a key names, matched on the key's bytes; `nil` for a key roster does not keep.
    func field(named key: Object) throws(DecodingProblem) -> StudentField? {
        switch key.type {
        case 0x5:
            return StudentField(asciiBytes: slice(key.start, key.count))
        case 0x6:
            return try text(key).flatMap(StudentField.init(rawValue:))
        default:
            throw .notAPropertyList("a dictionary key is not a string")
        }
    }

    // MARK: Objects

    /// An object's type (the marker's high nibble), its length, and where its content starts.
    struct Object {
        let type: UInt8
        let info: UInt8
        let count: Int
        let start: Int
    }

    func object(_ reference: Int) throws(DecodingProblem) -> Object {
        // Compared as unsigned, so that a reference of 2^63 or more, negative as an `Int`, is
        // out of range too.
        guard UInt(bitPattern: reference) < UInt(objectCount) else {
            throw .notAPropertyList("an object reference is out of range")
        }
        let offset = offset(of: reference)
        guard offset >= 8, offset < tableOffset else {
            throw .notAPropertyList("an object offset is out of range")
        }
        let marker = bytes[offset]
        let type = marker >> 4
        let info = marker & 0x0F
        var count = Int(info)
        var start = offset + 1
        let width: Int
        switch type {
        case 0x4, 0x5, 0x6, 0xA, 0xC, 0xD:
            if info == 0x0F { (count, start) = try extendedCount(at: start) }
            let unit = type == 0x6 ? 2 : type == 0xD ? 2 * referenceSize : type >= 0xA ? referenceSize : 1
            guard count <= tableOffset else { throw .notAPropertyList("a length is out of range") }
            width = count * unit
        case 0x1, 0x2: width = 1 << min(count, 4)
        case 0x3: width = 8
        case 0x8: width = count + 1
        default: width = 0
        }
        guard width <= tableOffset - start else {
            throw .notAPropertyList("an object runs past the end of the file")
        }
        return Object(type: type, info: info, count: count, start: start)
    }

    private func extendedCount(at offset: Int) throws(DecodingProblem) -> (Int, Int) {
        guard offset < tableOffset, bytes[offset] >> 4 == 0x1 else {
            throw .notAPropertyList("a length is damaged")
        }
        let size = 1 << Int(bytes[offset] & 0x0F)
        guard size <= 8, size <= tableOffset - offset - 1 else {
            throw .notAPropertyList("a length is damaged")
        }
        let value = bytes.bigEndian(at: offset + 1, size: size)
        guard value <= UInt64(tableOffset) else { throw .notAPropertyList("a length is out of range") }
        return (Int(value), offset + 1 + size)
    }

    /// Where object `number` starts; `number` must be below ``objectCount``.
    @inline(__always)
    func offset(of number: Int) -> Int {
        // An offset of 2^63 or more becomes negative, which every caller's range check refuses.
        Int(
            truncatingIfNeeded: bytes.bigEndian(at: tableOffset + number * offsetSize, size: offsetSize)
        )
    }

    @inline(__always)
    func reference(at position: Int) -> Int {
        Int(truncatingIfNeeded: bytes.bigEndian(at: position, size: referenceSize))
    }

    /// The `count` bytes from `start`.
    func slice(_ start: Int, _ count: Int) -> SharedBytes {
        bytes[start..<(start + count)]
    }
}

/// Reading the values a record holds: whole numbers, reals and strings.
extension BinaryPlistReader {
    func integer(_ value: Object) -> Int? {
        guard value.type == 0x1, value.info <= 3 else { return nil }
        let raw = bytes.bigEndian(at: value.start, size: 1 << Int(value.info))
        return value.info == 3 ? Int(Int64(bitPattern: raw)) : Int(raw)
    }

    func real(_ value: Object) -> Double? {
        guard value.type == 0x2 else { return nil }
        switch value.info {
        case 2: return Double(Float(bitPattern: UInt32(bytes.bigEndian(at: value.start, size: 4))))
        case 3: return Double(bitPattern: bytes.bigEndian(at: value.start, size: 8))
        default: return nil
        }
    }

    /// A string object's text, or `nil` when the object is not a string.
    func text(_ value: Object) throws(DecodingProblem) -> String? {
        switch value.type {
        case 0x5:
            let ascii = slice(value.start, value.count)
            guard ascii.isASCII else {
                throw .notAPropertyList("an ASCII string holds other bytes")
            }
            return ascii.utf8String
        case 0x6:
            guard let text = UTF16Transcoder.string(bigEndian: slice(value.start, value.count * 2)) else {
                throw .notAPropertyList("a string is not valid UTF-16")
            }
            return text
        default:
            return nil
        }
    }

    /// Checks a string object as ``text(_:)`` does, without making a `String`: where its bytes
    /// are, or `nil` when the object is not a string.
    func storedName(_ value: Object) throws(DecodingProblem) -> StoredName? {
        switch value.type {
        case 0x5:
            guard slice(value.start, value.count).isASCII else {
                throw .notAPropertyList("an ASCII string holds other bytes")
            }
            return StoredName(
                start: value.start, units: value.count, isUTF16: false, isASCII: true)
        case 0x6:
            guard let isASCII = UTF16Transcoder.isASCII(bigEndian: slice(value.start, value.count * 2)) else {
                throw .notAPropertyList("a string is not valid UTF-16")
            }
            return StoredName(
                start: value.start, units: value.count, isUTF16: true, isASCII: isASCII)
        default:
            return nil
        }
    }
}
