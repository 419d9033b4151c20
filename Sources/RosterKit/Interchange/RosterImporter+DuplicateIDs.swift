#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ids a file gives twice: two rows with one id, or one school id, are refused, since they
/// cannot both be the student the id names.
extension RosterImporter {
    /// The rows whose id, or school id, an earlier row has.
    static func duplicateIDs(in result: Result) -> [ImportProblem] {
        var seen: [UUID: ImportSource] = [:]
        var problems = duplicateSchoolIDs(in: result)
        for (student, source) in zip(result.students, result.sources) where source.hasFileID {
            if let first = seen[student.id] {
                problems.append(
                    source.problem(
                        "The id \(student.id) appears twice in the file (first at \(first.place))."))
            } else {
                seen[student.id] = source
            }
        }
        return problems
    }

    /// Whether the school ids of `students` rise from row to row, as in a school's list sorted by
    /// them: then none is given twice, which is seen without a table of them.
    private static func schoolIDsRise(in students: [Student]) -> Bool {
        var previous: String?
        for index in students.indices {
            guard let schoolID = students[index].schoolID.map(SameSchoolID.key) else { continue }
            if let previous, !(previous < schoolID) { return false }
            previous = schoolID
        }
        return true
    }

    /// The rows whose school id an earlier row has.
    private static func duplicateSchoolIDs(in result: Result) -> [ImportProblem] {
        if schoolIDsRise(in: result.students) { return [] }
        var seenSchoolIDs: [String: ImportSource] = [:]
        if result.students.first?.schoolID != nil { seenSchoolIDs.reserveCapacity(result.students.count) }
        var problems: [ImportProblem] = []
        for (student, source) in zip(result.students, result.sources) {
            guard let schoolID = student.schoolID else { continue }
            if let first = seenSchoolIDs[SameSchoolID.key(schoolID)] {
                problems.append(
                    source.problem(
                        "The school id \(VisibleText.of(schoolID)) appears twice in the file (first at \(first.place))."
                    ))
            } else {
                seenSchoolIDs[SameSchoolID.key(schoolID)] = source
            }
        }
        return problems
    }
}
