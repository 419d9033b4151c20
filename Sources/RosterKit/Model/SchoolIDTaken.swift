#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A school id that another student of the roster has already; nothing was changed.
///
/// A school's system gives each student one id, so two students of a class never share one:
/// ``ClassroomIntents`` refuses to add or edit a student into a second holder.
public struct SchoolIDTaken: Error, Equatable, Sendable, CustomStringConvertible {
    /// The school id.
    public let schoolID: String
    /// The name of the student who has it.
    public let holderName: String

    /// A sentence naming the id and its holder.
    public var description: String {
        "The school id \(VisibleText.of(schoolID)) is \(VisibleText.of(holderName))'s already; nothing was changed."
    }

    /// Throws when a student of `roster` other than the one with id `own` has `schoolID`.
    static func check(_ schoolID: String?, own: UUID, among roster: some SearchableRoster) throws {
        guard let schoolID else { return }
        for index in 0..<roster.count
        where roster.id(at: index) != own
            && roster.schoolID(at: index).map({ SameSchoolID.matches($0, schoolID) }) == true
        {
            throw SchoolIDTaken(schoolID: schoolID, holderName: roster.name(at: index))
        }
    }
}
