/// Why a roster file's bytes are not a roster, in words for ``StorageError/damaged(path:reason:)``.
struct DecodingProblem: Error, Equatable {
    let reason: String
    /// For a control character in XML text, the text that holds it.
    var heldText: String?

    /// The file is not a property list roster can read at all.
    static func notAPropertyList(_ detail: String) -> DecodingProblem {
        DecodingProblem(reason: "it is not a property list (\(detail))")
    }

    /// An XML element's text holds a control character, which XML cannot hold.
    static func controlCharacter(in element: String, text: String) -> DecodingProblem {
        DecodingProblem(
            reason: "it is not a property list (<\(element)> holds a control character)", heldText: text)
    }

    /// The property list's top level is not an array of students.
    static let notAList = DecodingProblem(reason: "its top level is not a list of students")

    /// One record, counted from 1, is wrong.
    static func record(_ index: Int, _ detail: String) -> DecodingProblem {
        DecodingProblem(reason: "record \(index + 1) \(detail)")
    }
}
