/// Which marks come with a student who moves to another class: those of an assessment the other
/// class has too, by the same name and maximum or as a teacher maps it, under that class's id.
struct MovedMarks {
    /// This class's assessment ids, each with the other class's assessment its marks go to.
    private let targets: [String: String]

    /// The assessments of `source` that `destination` shares, by `mapping` (names of `source`
    /// to names of `destination`) or else by the same name and maximum.
    ///
    /// - Throws: ``MarkbookError`` when `mapping` names an assessment either class does not have.
    init(from source: Markbook, to destination: Markbook, mapping: [String: String]) throws {
        var targets: [String: String] = [:]
        for (from, to) in mapping {
            let (mine, theirs) = (try source.assessment(named: from), try destination.assessment(named: to))
            targets[mine.id] = theirs.id
        }
        // What is not mapped goes to the assessment of the same name and maximum.
        for assessment in source.assessments where targets[assessment.id] == nil {
            let key = Markbook.key(assessment.name)
            if let same = destination.assessments.first(where: {
                Markbook.key($0.name) == key && $0.outOf == assessment.outOf
            }) {
                targets[assessment.id] = same.id
            }
        }
        self.targets = targets
    }

    /// The marks of `student` that come along, by the other class's assessment ids.
    func marks(of student: Student) -> [String: Mark] {
        guard !targets.isEmpty else { return [:] }
        var brought: [String: Mark] = [:]
        for (id, mark) in student.marks {
            if let target = targets[id] { brought[target] = mark }
        }
        return brought
    }
}
