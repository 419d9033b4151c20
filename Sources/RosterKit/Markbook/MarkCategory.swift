/// A kind of work whose marks are added up together, such as *Homework* or *Tests*, with its
/// share of the overall result.
public struct MarkCategory: Sendable, Hashable, Codable {
    /// The name, unique in the class ignoring case and accents.
    public var name: String
    /// Its weight in the overall result, or `nil` when it has none. Weights are used as they
    /// stand: they need not add up to 100.
    public var weight: Fraction?
    /// How many of its counted marks to drop, those whose removal leaves its result highest;
    /// the last counted mark is never dropped.
    public var dropLowest: Int

    /// Creates a category.
    public init(name: String, weight: Fraction? = nil, dropLowest: Int = 0) {
        (self.name, self.weight, self.dropLowest) = (name, weight, dropLowest)
    }
}
