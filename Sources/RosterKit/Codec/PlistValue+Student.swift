import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PlistValue {
    /// A student's record as a dictionary, in the order roster writes keys, with its register and the keys
    /// roster does not know after them, and the age as text when the file keeps it so.
    static func record(of student: Student, conventions: FileConventions) -> PlistValue {
        var entries = [
            PlistEntry(key: "id", value: .string(UUIDText.string(student.id))),
            PlistEntry(key: "name", value: .string(student.name)),
            PlistEntry(
                key: "age",
                value: conventions.agesAsText ? .string(String(student.age)) : .integer(Int64(student.age))),
        ]
        if let grade = student.grade {
            entries.append(PlistEntry(key: "grade", value: .integer(Int64(grade))))
        }
        if let score = student.score { entries.append(PlistEntry(key: "score", value: .real(score))) }
        if !student.attendance.isEmpty {
            entries.append(
                PlistEntry(key: RegisterCoding.key, value: RegisterCoding.value(of: student.attendance)))
        }
        entries += conventions.otherFields[student.id] ?? []
        return .dictionary(entries)
    }

    /// A whole roster as the top-level array of its file.
    static func roster(of students: [Student], conventions: FileConventions) -> PlistValue {
        .array(students.map { record(of: $0, conventions: conventions) })
    }
}
