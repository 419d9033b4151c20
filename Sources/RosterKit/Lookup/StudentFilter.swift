import RosterEngine

/// Which students a listing shows: a name search, a grade, an age range.
///
/// The search folds names by the one rule for names that ``RosterLookup`` uses (ignoring case,
/// accents and invisible characters), so `emile` finds `Émile Durand`.
public struct StudentFilter: Sendable {
    /// Text the name must contain, ignoring case and accents.
    public var search: String?
    /// The grade the student must be in.
    public var grade: Int?
    /// The youngest age shown.
    public var minimumAge: Int?
    /// The oldest age shown.
    public var maximumAge: Int?

    /// Creates a filter; by default it lets every student through.
    public init(search: String? = nil, grade: Int? = nil, minimumAge: Int? = nil, maximumAge: Int? = nil) {
        self.search = search
        self.grade = grade
        self.minimumAge = minimumAge
        self.maximumAge = maximumAge
    }

    /// Whether the filter lets every student through.
    public var isEmpty: Bool {
        search == nil && grade == nil && minimumAge == nil && maximumAge == nil
    }

    /// Whether the filter asks for an age range, which leaves out every age kept as written
    /// (see ``Student/writtenAge``): such an age is no number to compare.
    public var filtersByAge: Bool {
        minimumAge != nil || maximumAge != nil
    }

    /// The positions in `order` of the students the filter lets through, in the same order.
    ///
    /// - Parameters:
    ///   - students: The roster.
    ///   - order: Positions in `students`, such as a sorted listing's.
    /// - Returns: The positions kept.
    public func apply(to students: [Student], in order: [Int]) -> [Int] {
        guard !isEmpty else { return order }
        var folder = ScalarFolder()
        let needle = search.map { SameName.fold($0, folder: &folder) } ?? []
        return order.filter { index in
            let student = students[index]
            if let grade, student.grade != grade { return false }
            if filtersByAge, student.writtenAge != nil { return false }
            if let minimumAge, student.age < minimumAge { return false }
            if let maximumAge, student.age > maximumAge { return false }
            guard !needle.isEmpty else { return true }
            return Self.contains(SameName.fold(student.name, folder: &folder), needle)
        }
    }

    private static func contains(_ haystack: [UInt32], _ needle: [UInt32]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
