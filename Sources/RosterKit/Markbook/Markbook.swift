/// What a class is marked on: its assessments, the categories they count in, and the letters
/// its results are given.
///
/// The markbook belongs to the class and is kept beside its roster; each student's marks belong
/// to the student within the class and are kept in their record (``Student/marks``), so that the
/// iOS app, which reads only the roster, reads it unchanged. ``MarkbookCalculator`` works out
/// the results.
public struct Markbook: Sendable, Hashable, Codable {
    /// The assessments, in the order they were added.
    public internal(set) var assessments: [Assessment] = []
    /// The categories, in the order they were set.
    public var categories: [MarkCategory] = []
    /// The letters results are given, or `nil` for percentages only.
    public var scale: LetterScale?
    /// The number the next new assessment's id is made from; ids are never used twice.
    var nextNumber = 1
    /// The class's watch list thresholds, or `nil` for roster's own (see ``WatchSettings``).
    public var watch: WatchSettings?
    /// The class's bank of report comments, or `nil` when it has none (see ``CommentBank``).
    public var comments: CommentBank?

    /// An empty markbook.
    public init() {}

    /// Whether the markbook has no assessment, no category, no scale, no watch thresholds and no
    /// comment bank.
    public var isEmpty: Bool {
        assessments.isEmpty && categories.isEmpty && scale == nil && watch == nil && comments == nil
    }

    /// Whether some category has a weight, so that the overall result is weighted.
    public var isWeighted: Bool { categories.contains { $0.weight != nil } }

    /// The weights of the categories that have one, added up; `nil` when none has.
    public var totalWeight: Fraction? {
        isWeighted ? categories.compactMap(\.weight).reduce(.zero, +) : nil
    }

    /// Adds an assessment with a new id, and returns it.
    ///
    /// - Throws: ``MarkbookError/nameTaken(_:)`` when an assessment has that name already,
    ///   ignoring case and accents.
    @discardableResult
    public mutating func add(_ assessment: Assessment) throws(MarkbookError) -> Assessment {
        try checkFree(assessment.name, except: nil)
        return append(assessment)
    }

    /// Appends `assessment` under a new id, the next never used, and returns it.
    private mutating func append(_ assessment: Assessment) -> Assessment {
        // Copied whole, so that every field comes along; only the id is the markbook's to give.
        var added = assessment
        added.id = "a\(nextNumber)"
        nextNumber += 1
        assessments.append(added)
        return added
    }

    /// Replaces the assessment with `assessment`'s id by `assessment`.
    ///
    /// - Throws: ``MarkbookError/nameTaken(_:)`` when another assessment has its name.
    public mutating func update(_ assessment: Assessment) throws(MarkbookError) {
        try checkFree(assessment.name, except: assessment.id)
        guard let index = assessments.firstIndex(where: { $0.id == assessment.id }) else {
            throw .unknownAssessment(assessment.name, closest: [])
        }
        assessments[index] = assessment
    }

    /// Removes the assessment with id `id`; its marks are left to the caller.
    public mutating func removeAssessment(id: String) {
        assessments.removeAll { $0.id == id }
    }

    /// The assessment with id `id`.
    public func assessment(id: String) -> Assessment? {
        assessments.first { $0.id == id }
    }

    /// The category named `name`, ignoring case and accents.
    public func category(named name: String) -> MarkCategory? {
        let key = Self.key(name)
        return categories.first { Self.key($0.name) == key }
    }

    /// Sets a category: replaces the one of that name, or adds it.
    public mutating func setCategory(_ category: MarkCategory) {
        let key = Self.key(category.name)
        if let index = categories.firstIndex(where: { Self.key($0.name) == key }) {
            categories[index] = category
        } else {
            categories.append(category)
        }
    }

    /// Removes the category named `name`; its assessments are left without one.
    ///
    /// - Throws: ``MarkbookError/unknownCategory(_:)`` when there is none of that name.
    public mutating func removeCategory(named name: String) throws(MarkbookError) {
        let key = Self.key(name)
        guard let index = categories.firstIndex(where: { Self.key($0.name) == key }) else {
            throw .unknownCategory(name)
        }
        let removed = categories.remove(at: index)
        for position in assessments.indices
        where assessments[position].category.map(Self.key) == Self.key(removed.name) {
            assessments[position].category = nil
        }
    }

    /// The assessment `reference` names: its name ignoring case and accents, the start of one
    /// name, or its initials with its numbers (`q2` for *Quiz 2*), when only one matches.
    ///
    /// - Throws: ``MarkbookError/unknownAssessment(_:closest:)`` with up to three names close
    ///   to it, or ``MarkbookError/ambiguousAssessment(_:matches:)``.
    public func assessment(named reference: String) throws(MarkbookError) -> Assessment {
        let key = Self.key(reference)
        if let exact = assessments.first(where: { Self.key($0.name) == key }) { return exact }
        for matches in [
            assessments.filter { Self.key($0.name).hasPrefix(key) },
            assessments.filter { Self.initials($0.name) == key },
        ] where !matches.isEmpty && !key.isEmpty {
            guard matches.count == 1 else {
                throw .ambiguousAssessment(reference, matches: matches.map(\.name))
            }
            return matches[0]
        }
        let closest = assessments.map(\.name).filter { name in
            let distance = EditDistance.between(
                Array(Self.key(name).unicodeScalars.map(\.value)),
                Array(key.unicodeScalars.map(\.value)))
            return distance <= max(1, key.count / 3)
        }
        throw .unknownAssessment(reference, closest: Array(closest.prefix(3)))
    }

    /// Brings in another class's markbook, as an import of its export does: each of its
    /// assessments is found here by name (and keeps this markbook's maximum) or added, each of its
    /// categories replaces the one of that name here, and its scale, when it has one, replaces
    /// this one.
    ///
    /// - Returns: Each of `other`'s assessment ids and the id of the same assessment here, for
    ///   the marks that come with it.
    public mutating func merge(_ other: Markbook) -> [String: String] {
        var ids: [String: String] = [:]
        for assessment in other.assessments {
            if let found = assessments.first(where: { Self.key($0.name) == Self.key(assessment.name) }) {
                ids[assessment.id] = found.id
            } else {
                ids[assessment.id] = append(assessment).id
            }
        }
        for category in other.categories { setCategory(category) }
        if let scale = other.scale { self.scale = scale }
        return ids
    }

    /// A name as assessments are compared: lower case, without accents, spaces trimmed.
    package static func key(_ name: String) -> String {
        RosterLookup.foldedSpelling(of: String(name.trimmingWhitespace()))
    }

    /// The first letter of each word and every number whole: `q2` for *Quiz 2*.
    private static func initials(_ name: String) -> String {
        key(name).split(separator: " ").map { word in
            word.allSatisfy(\.isNumber) ? String(word) : String(word.prefix(1))
        }.joined()
    }

    private func checkFree(_ name: String, except id: String?) throws(MarkbookError) {
        let key = Self.key(name)
        if let taken = assessments.first(where: { Self.key($0.name) == key && $0.id != id }) {
            throw .nameTaken(taken.name)
        }
    }
}
