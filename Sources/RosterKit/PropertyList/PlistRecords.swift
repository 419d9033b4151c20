import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The students ``BinaryPlistWriter`` writes: a plain `[Student]`, or a ``StoredRoster`` whose
/// names are still bytes, as the file it was read from stores them.
///
/// The writer needs each name twice, first its length and then its bytes, so the name is asked of
/// the roster rather than of the record.
protocol PlistRecords: Sendable {
    associatedtype Record: StudentValues

    /// How many students there are.
    var count: Int { get }

    /// The student at `index`, from 0.
    func record(at index: Int) -> Record

    /// How many UTF-16 code units the name at `index` has, and whether every one is ASCII.
    func nameLayout(at index: Int) -> (units: Int, isASCII: Bool)

    /// Writes the bytes of the name at `index` after its string header: one byte a unit when
    /// `isASCII` (as ``nameLayout(at:)`` said), big-endian UTF-16 otherwise.
    func writeNameBytes(at index: Int, isASCII: Bool, into output: inout PlistObjectWriter)

    /// Whether the student at `index` has a register.
    func hasRegister(at index: Int) -> Bool

    /// The register of the student at `index`, its lessons named by their place in ``lessons``.
    func register(at index: Int) -> StoredRegister

    /// The lessons the registers name.
    var lessons: LessonTable { get }

    /// The school's id, the name's parts and the note of the student at `index`: empty for most.
    func details(at index: Int) -> StudentDetails

    /// The marks of the student at `index`, numbered by their place in ``markStrings``: empty
    /// for a class without a markbook.
    func marks(at index: Int) -> StoredMarks

    /// The ids and texts the marks name.
    var markStrings: MarkStrings { get }
}

extension Array: PlistRecords where Element == Student {
    /// The student's fields other than the name, read in place, so that the name's storage is
    /// not retained and released once per student.
    func record(at index: Int) -> StudentNumbers {
        StudentNumbers(
            id: self[index].id, age: self[index].age, grade: self[index].grade, score: self[index].score)
    }

    func nameLayout(at index: Int) -> (units: Int, isASCII: Bool) {
        UTF16Encoding.measure(self[index].name)
    }

    /// No student's register is written from an array: students with registers are written as
    /// a ``StoredRoster`` (see ``RosterCodec``), which keeps their lessons in a table.
    func hasRegister(at index: Int) -> Bool {
        assert(self[index].attendance.isEmpty, "students with registers are written as a StoredRoster")
        return false
    }

    func register(at index: Int) -> StoredRegister {
        StoredRegister()
    }

    var lessons: LessonTable { LessonTable() }

    func details(at index: Int) -> StudentDetails {
        self[index].details
    }

    /// No student's marks are written from an array: students with marks are written as a
    /// ``StoredRoster`` (see ``RosterCodec``), which keeps their ids and texts in a table.
    func marks(at index: Int) -> StoredMarks {
        assert(!self[index].hasMarks, "students with marks are written as a StoredRoster")
        return StoredMarks()
    }

    var markStrings: MarkStrings { MarkStrings() }

    func writeNameBytes(at index: Int, isASCII: Bool, into output: inout PlistObjectWriter) {
        if isASCII {
            output.append(utf8: self[index].name)
        } else {
            UTF16Encoding.forEachByte(of: self[index].name) { output.append($0) }
        }
    }
}
