import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ranges a roster accepts, as help and errors write them (`1 to 120`), taken from
/// ``StudentValidator`` so that the one rule is stated in one place.
enum RangeText {
    /// The ages, as `1 to 120`.
    static let ages = text(StudentValidator.ages)
    /// The grades, as `0 to 13`.
    static let grades = text(StudentValidator.grades)
    /// The scores, as `0 to 100`.
    static let scores = StudentValidator.scoreRangeText

    private static func text(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
    }
}
