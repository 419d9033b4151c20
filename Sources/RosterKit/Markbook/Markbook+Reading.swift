#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A markbook read from a file is checked whole before anything uses it, by the same rules its
/// commands follow, so that a crafted or damaged file is refused, naming the entry, and can never
/// trap the arithmetic, give two assessments one id, or make an id that is used already.
extension Markbook {
    /// The most assessments, categories or letters a markbook may hold.
    public static let largestCount = 10_000
    /// The most marks a category may drop.
    public static let mostDropped = 100
    /// The largest number a markbook read from a file may make its next id from: far below
    /// `Int.max`, so that counting on from it never overflows.
    static let largestNumber = 1_000_000_000

    enum CodingKeys: String, CodingKey {
        case assessments, categories, scale, nextNumber, watch, comments
    }

    /// Reads a markbook as its file keeps it, and checks it.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose description names the entry that breaks a
    ///   rule: an id used twice or not before the next id, a name that `add` would refuse, a
    ///   maximum, weight or drop count out of range, or a letter scale that could not be typed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        assessments = try container.decodeIfPresent([Assessment].self, forKey: .assessments) ?? []
        categories = try container.decodeIfPresent([MarkCategory].self, forKey: .categories) ?? []
        scale = try container.decodeIfPresent(LetterScale.self, forKey: .scale)
        nextNumber = try container.decodeIfPresent(Int.self, forKey: .nextNumber) ?? 1
        watch = try container.decodeIfPresent(WatchSettings.self, forKey: .watch)
        comments = try container.decodeIfPresent(CommentBank.self, forKey: .comments)
        if let problem = problem() {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// What a markbook file that could not be read has wrong, from the error its decoding threw.
    static func problem(in error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else {
            return "it is not a markbook roster wrote"
        }
        guard !context.codingPath.isEmpty else { return "it has " + context.debugDescription }
        // Where in the file, as its keys and positions: `assessments 1 outOf`.
        let place = context.codingPath.map { $0.intValue.map { String($0 + 1) } ?? $0.stringValue }
        return "at \(place.joined(separator: " ")), \(context.debugDescription)"
    }

    /// What breaks the markbook's rules, in words that follow "it has", or `nil`.
    func problem() -> String? {
        guard (1...Self.largestNumber).contains(nextNumber) else { return "a next id out of range" }
        guard assessments.count <= Self.largestCount, categories.count <= Self.largestCount else {
            return "more than \(Self.largestCount) entries"
        }
        var ids: Set<String> = []
        for assessment in assessments {
            if let problem = Self.problem(with: assessment, nextNumber: nextNumber) { return problem }
            guard ids.insert(assessment.id).inserted else {
                return "two assessments with the id \(assessment.id)"
            }
        }
        var names: Set<String> = []
        for category in categories {
            if let problem = Self.problem(with: category) { return problem }
            guard names.insert(Self.key(category.name)).inserted else {
                return "two categories named '\(category.name)'"
            }
        }
        if let scale, (try? LetterScale(parsing: scale.text)) != scale {
            return "a letter scale that cannot be typed"
        }
        if let comments {
            guard comments.entries.count <= Self.largestCount else {
                return "more than \(Self.largestCount) entries"
            }
            guard comments.limit.map({ (1...CommentTemplate.maximumLength).contains($0) }) ?? true else {
                return "a comment limit out of range"
            }
        }
        return watch?.problem
    }

    private static func problem(with assessment: Assessment, nextNumber: Int) -> String? {
        let number = assessment.id.hasPrefix("a") ? Int(assessment.id.dropFirst()) : nil
        guard let number, (1..<nextNumber).contains(number), assessment.id == "a\(number)" else {
            return "an assessment whose id '\(assessment.id.prefix(20))' is not one roster gave"
        }
        guard isAllowed(assessment.name), assessment.category.map(isAllowed) ?? true else {
            return "the assessment \(assessment.id) with a name that cannot be typed"
        }
        guard assessment.outOf > .zero, assessment.outOf <= ClassroomIntents.largestMaximum else {
            return "the assessment \(assessment.id) with a maximum out of range"
        }
        guard assessment.canvasID.map({ Assessment.isCanvasID($0[...]) }) ?? true else {
            return "the assessment \(assessment.id) with a Canvas number that is not one"
        }
        guard assessment.term.map({ StudentValidator.problem(withReason: $0) == nil }) ?? true else {
            return "the assessment \(assessment.id) with a term that is not one line of text"
        }
        return nil
    }

    private static func problem(with category: MarkCategory) -> String? {
        guard isAllowed(category.name) else { return "a category with a name that cannot be typed" }
        guard category.weight.map({ $0 >= .zero && $0 <= ClassroomIntents.largestWeight }) ?? true,
            (0...mostDropped).contains(category.dropLowest)
        else { return "the category '\(category.name)' with a weight or drop count out of range" }
        return nil
    }

    /// Whether `name` is one that the markbook's commands would take as it is.
    static func isAllowed(_ name: String) -> Bool {
        (try? StudentValidator.name(name)) == name
    }
}
