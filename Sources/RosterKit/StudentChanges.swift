/// The fields an edit changes; every field left `nil` keeps its value.
///
/// ``grade`` and ``score`` can also be cleared: set ``clearGrade`` or ``clearScore``.
public struct StudentChanges: Sendable, Equatable {
    /// The new name, as typed; it is validated and trimmed.
    public var name: String?
    /// The new age.
    public var age: Int?
    /// The new grade.
    public var grade: Int?
    /// The new score.
    public var score: Double?
    /// Whether to remove the student's grade.
    public var clearGrade: Bool
    /// Whether to remove the student's score.
    public var clearScore: Bool

    /// Creates a set of changes; by default it changes nothing.
    public init(
        name: String? = nil, age: Int? = nil, grade: Int? = nil, score: Double? = nil,
        clearGrade: Bool = false, clearScore: Bool = false
    ) {
        self.name = name
        self.age = age
        self.grade = grade
        self.score = score
        self.clearGrade = clearGrade
        self.clearScore = clearScore
    }

    /// Whether these changes leave a student as it was.
    public var isEmpty: Bool {
        name == nil && age == nil && grade == nil && score == nil && !clearGrade && !clearScore
    }

    /// Returns `student` with these changes applied and validated.
    ///
    /// - Parameter student: The student before the edit.
    /// - Returns: The edited student, with the same id.
    /// - Throws: ``ValidationError`` when a new value breaks a rule.
    public func applied(to student: Student) throws -> Student {
        var edited = student
        if let name { edited.name = try StudentValidator.name(name) }
        if let age { edited.age = try StudentValidator.age(age) }
        if clearGrade { edited.grade = nil }
        if let grade { edited.grade = try StudentValidator.grade(grade) }
        if clearScore { edited.score = nil }
        if let score { edited.score = try StudentValidator.score(score) }
        return edited
    }
}
