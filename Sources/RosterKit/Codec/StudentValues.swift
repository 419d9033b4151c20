#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of a student that ``BinaryPlistWriter`` writes as they are; the name is written by
/// the roster that holds the student (see ``PlistRecords``).
protocol StudentValues {
    var id: UUID { get }
    var age: Int { get }
    var grade: Int? { get }
    var score: Double? { get }
}

extension Student: StudentValues {}

/// A student's fields other than the name; see ``StudentValues``.
struct StudentNumbers: StudentValues {
    let id: UUID
    let age: Int
    let grade: Int?
    let score: Double?
}
