/// The fields an edit changes; every field left `nil` keeps its value.
///
/// ``grade`` and ``score`` can also be cleared: set ``clearGrade`` or ``clearScore``. The text
/// fields (``StudentDetail``) are set by ``subscript(_:)`` and cleared by an empty text. A new
/// first or last name without a new ``name`` makes the name "first last".
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
    /// The new text fields, as typed; an empty text clears one.
    private var details: [StudentDetail: String] = [:]

    /// The new text of a field beyond the tutorial's, as typed; empty to clear it, `nil` to keep it.
    public subscript(detail: StudentDetail) -> String? {
        get { details[detail] }
        set { details[detail] = newValue }
    }

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
            && details.isEmpty
    }

    /// Returns `student` with these changes applied and validated.
    ///
    /// - Parameter student: The student before the edit.
    /// - Returns: The edited student, with the same id.
    /// - Throws: ``ValidationError`` when a new value breaks a rule.
    public func applied(to student: Student) throws -> Student {
        try applied(to: student, keepingName: false)
    }

    /// The changes applied to `student`; with `keepingName`, its name stays what it is, though
    /// a first or last name is given, and ``name`` is not looked at: a new student's name, already
    /// checked, is not checked again.
    func applied(to student: Student, keepingName: Bool) throws -> Student {
        var edited = student
        // A name given, or kept, is the name: first and last names then do not make one.
        let namesGiven = keepingName || name != nil
        if let name, !keepingName { edited.name = try StudentValidator.name(name) }
        if let age { edited.age = try StudentValidator.age(age) }
        if clearGrade { edited.grade = nil }
        if let grade { edited.grade = try StudentValidator.grade(grade) }
        if clearScore { edited.score = nil }
        if let score { edited.score = try StudentValidator.score(score) }
        for detail in StudentDetail.allCases {
            if let text = details[detail] { edited[detail] = try StudentValidator.detail(detail, text) }
        }
        if details[.firstName] != nil || details[.lastName] != nil {
            if !namesGiven,
                let whole = StudentValidator.displayName(first: edited.firstName, last: edited.lastName)
            {
                edited.name = try StudentValidator.name(whole)
            }
        }
        return edited
    }
}
