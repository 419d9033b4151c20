/// A piece of work the class is marked on: a homework, a quiz, a test.
///
/// Its ``id`` never changes, so that marks, which are kept with each student under it, stay
/// with it when it is renamed; its ``name`` is unique in the class ignoring case and accents.
public struct Assessment: Sendable, Hashable, Codable {
    /// The assessment's lasting id within its class, such as `a3`, given by the markbook.
    public internal(set) var id: String
    /// The name, as the teacher gave it.
    public var name: String
    /// The most points a student can get.
    public var outOf: Fraction
    /// The category it counts in, by name, or `nil`.
    public var category: String?
    /// The day it was set or due, after which a blank mark counts 0 in a projected result.
    public var date: SchoolDay?
    /// The term it belongs to, such as `Autumn`, or `nil`.
    public var term: String?
    /// The number Canvas gives the assignment, `12345` in `Quiz 1 (12345)`, when its marks came
    /// from a Canvas gradebook: a later import finds it by this number, even after a rename.
    public var canvasID: String?

    /// Creates an assessment.
    ///
    /// - Parameters:
    ///   - id: Its lasting id; ``Markbook/add(_:)`` gives a new one.
    ///   - name: Its name.
    ///   - outOf: Its maximum, greater than zero.
    ///   - category: The category it counts in.
    ///   - date: The day it is due.
    ///   - term: Its term.
    public init(
        id: String = "", name: String, outOf: Fraction, category: String? = nil, date: SchoolDay? = nil,
        term: String? = nil
    ) {
        (self.id, self.name, self.outOf) = (id, name, outOf)
        (self.category, self.date, self.term) = (category, date, term)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, outOf, category, date, term, canvasID
    }

    /// Reads an assessment as the markbook file keeps it, its day as `yyyy-mm-dd`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        outOf = try container.decode(Fraction.self, forKey: .outOf)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        date = try container.decodeIfPresent(String.self, forKey: .date).flatMap(SchoolDay.stored)
        term = try container.decodeIfPresent(String.self, forKey: .term)
        canvasID = try container.decodeIfPresent(String.self, forKey: .canvasID)
    }

    /// Writes an assessment as the markbook file keeps it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(outOf, forKey: .outOf)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(date?.text, forKey: .date)
        try container.encodeIfPresent(term, forKey: .term)
        try container.encodeIfPresent(canvasID, forKey: .canvasID)
    }

    /// Whether `text` is a number Canvas could give an assignment: digits, at most 20 of them.
    static func isCanvasID(_ text: Substring) -> Bool {
        (1...20).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Assessment ids in the order they were made: `a2` before `a10`.
    static func isMadeBefore(_ first: String, _ second: String) -> Bool {
        first.count != second.count ? first.count < second.count : first < second
    }
}
