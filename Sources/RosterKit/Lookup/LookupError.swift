/// A reference to a student that does not pick out exactly one student.
public enum LookupError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No student has this id, id prefix or name; `closest` are the names nearest to it, if any.
    case notFound(reference: String, closest: [String])
    /// Several students (`count` of them) match; `candidates` describes the first few as
    /// `short-id name`.
    case ambiguous(reference: String, candidates: [String], count: Int)
    /// The reference is longer than any name can be (`length` characters, more than `limit`), so
    /// it cannot pick out a student; it is refused before the roster is searched.
    case tooLong(length: Int, limit: Int)

    /// A sentence that names the problem and how to pick one student.
    public var description: String {
        switch self {
        case .notFound(let reference, let closest):
            let names = closest.map { "'\($0)'" }
            let suggestion =
                names.isEmpty
                ? ""
                : " Did you mean \(names.dropLast().joined(separator: ", "))\(names.count > 1 ? " or " : "")\(names.last ?? "")?"
            return "No student matches '\(reference.prefix(100))'.\(suggestion)"
        case .ambiguous(let reference, let candidates, let count):
            let shown = candidates.prefix(10).joined(separator: "; ")
            let more = count > 10 ? " and \(count - 10) more" : ""
            return "'\(reference.prefix(100))' matches \(count) students: \(shown)\(more)."
        case .tooLong(let length, let limit):
            return
                "A student is named in at most \(limit) characters, and this has \(length), so it matches nobody."
        }
    }
}
