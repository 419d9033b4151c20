/// The class's bank of report comments: comments to choose from, each perhaps with the condition
/// a student must meet for it to be suggested, and the longest comment the class allows.
///
/// It is kept in the class's markbook (see ``Markbook/comments``), so that each change is one
/// undo step of the class; a student's chosen comment is kept in their record (see
/// ``StudentDetail/comment``). Comments are numbered from 1 in the order they were added.
public struct CommentBank: Sendable, Hashable, Codable {
    /// One comment of the bank.
    public struct Entry: Sendable, Hashable, Codable {
        /// The comment, with its placeholders.
        public var template: CommentTemplate
        /// When the comment fits a student; `nil` for any student.
        public var condition: CommentCondition?

        /// A comment, and when it fits.
        public init(template: CommentTemplate, condition: CommentCondition? = nil) {
            (self.template, self.condition) = (template, condition)
        }

        private enum CodingKeys: String, CodingKey { case text, when }

        /// Reads a comment as the markbook keeps it, checking its text and condition as if typed.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decode(String.self, forKey: .text)
            let when = try container.decodeIfPresent(String.self, forKey: .when)
            do {
                template = try CommentTemplate(text)
                condition = try when.map { text throws(CommentError) in try CommentCondition(parsing: text) }
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath, debugDescription: "a comment roster would refuse"))
            }
        }

        /// Writes the comment as its text and its condition's.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(template.text, forKey: .text)
            try container.encodeIfPresent(condition?.text, forKey: .when)
        }
    }

    /// The comments, numbered from 1.
    public var entries: [Entry] = []
    /// The longest a comment may be, in characters, as written and as filled; `nil` for
    /// ``CommentTemplate/maximumLength``.
    public var limit: Int?

    /// An empty bank.
    public init() {}

    /// The limit in force: the class's, or ``CommentTemplate/maximumLength``.
    public var effectiveLimit: Int { limit ?? CommentTemplate.maximumLength }

    /// Whether the bank has no comment and no limit.
    public var isEmpty: Bool { entries.isEmpty && limit == nil }

    /// The comment numbered `number`.
    ///
    /// - Throws: ``CommentError/noSuchComment(number:count:)``.
    public func entry(_ number: Int) throws(CommentError) -> Entry {
        guard entries.indices.contains(number - 1) else {
            throw .noSuchComment(number: number, count: entries.count)
        }
        return entries[number - 1]
    }

    /// Refuses `text` when it is longer than the limit.
    ///
    /// - Throws: ``CommentError/overLimit(length:limit:)``.
    public func check(_ text: String) throws(CommentError) {
        guard text.count <= effectiveLimit else {
            throw .overLimit(length: text.count, limit: effectiveLimit)
        }
    }

    /// The numbers of the comments that fit `student`: those whose condition the student meets,
    /// then those without one.
    ///
    /// - Parameter figures: The student's figures, as ``CommentFigures`` works them out.
    public func fitting(_ figures: CommentFigures) -> [Int] {
        let numbered = entries.enumerated().map { ($0.offset + 1, $0.element.condition) }
        let met = numbered.filter { $0.1.map { figures.meets($0) } ?? false }.map(\.0)
        return met + numbered.filter { $0.1 == nil }.map(\.0)
    }
}
