/// Why a roster file's bytes are not a roster, in words for ``StorageError/damaged(path:reason:)``.
struct DecodingProblem: Error, Equatable {
    let reason: String

    /// The file is not a property list roster can read at all.
    static func notAPropertyList(_ detail: String) -> DecodingProblem {
        DecodingProblem(reason: "it is not a property list (\(detail))")
    }

    /// The property list's top level is not an array of students.
    static let notAList = DecodingProblem(reason: "its top level is not a list of students")

    /// One record, counted from 1, is wrong.
    static func record(_ index: Int, _ detail: String) -> DecodingProblem {
        DecodingProblem(reason: "record \(index + 1) \(detail)")
    }
}
