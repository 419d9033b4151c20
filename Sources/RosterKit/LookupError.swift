/// A reference to a student that does not pick out exactly one student.
public enum LookupError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No student has this id, id prefix or name.
    case notFound(reference: String)
    /// Several students match; `candidates` describes each as `short id  name`.
    case ambiguous(reference: String, candidates: [String])

    /// A sentence that names the problem and how to pick one student.
    public var description: String {
        switch self {
        case .notFound(let reference):
            return
                "No student matches '\(reference.prefix(100))'. Use a name, a full id, or an id prefix of at least "
                + "\(RosterLookup.minimumPrefixLength) characters; 'roster list' shows them."
        case .ambiguous(let reference, let candidates):
            let shown = candidates.prefix(10).joined(separator: "; ")
            let more = candidates.count > 10 ? " and \(candidates.count - 10) more" : ""
            return "'\(reference.prefix(100))' matches \(candidates.count) students: \(shown)\(more). "
                + "Use a longer id prefix or the full id."
        }
    }
}
