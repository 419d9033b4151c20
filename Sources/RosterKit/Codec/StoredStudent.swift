#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A student as a change to a few records of a binary roster reads it: every field checked and
/// decoded except the name, which stays as the bytes the file keeps it in.
///
/// An `edit` or `remove` writes almost every student back unchanged. Making a `String` of each
/// name and encoding it again was about half of their time on a large roster; copying the name's
/// bytes into the new file costs almost nothing. See ``StoredRoster``.
struct StoredStudent: StudentValues, HasAttendance {
    var id: UUID
    var name: StoredName
    var age: Int
    var grade: Int?
    var score: Double?
    var attendance: [Lesson: AttendanceEntry]
}

/// Where the bytes of a ``StoredStudent``'s name are, and how they are encoded.
struct StoredName {
    /// Where the name's bytes start: in the roster file while it is read, then among the names
    /// a ``StoredRoster`` keeps.
    var start: Int
    /// How many UTF-16 code units the name has, which is its length as a plist stores it.
    var units: Int
    /// Whether the bytes are big-endian UTF-16; otherwise they are ASCII, one byte a unit.
    var isUTF16: Bool
    /// Whether every unit is ASCII, so that the name is written as an ASCII string.
    var isASCII: Bool

    /// How many bytes the name takes where it is kept.
    var byteCount: Int { isUTF16 ? 2 * units : units }
}
