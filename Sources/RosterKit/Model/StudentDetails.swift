/// The text fields of one student beyond the tutorial's (``StudentDetail``): the fields most
/// students of a large roster do not have.
///
/// They are kept in one small array, empty when there are none, so that a student without them
/// costs one word and one with them one allocation, without hashing: a roster of 100,000 students
/// with school ids reads, matches and writes them many times over.
struct StudentDetails: Hashable, Sendable {
    /// One value per ``StudentDetail``, in its order; empty when every value is `nil`.
    private var values: [String?] = []

    /// No details.
    init() {}

    /// The value of `detail`, or `nil`.
    subscript(detail: StudentDetail) -> String? {
        get { values.isEmpty ? nil : values[detail.position] }
        set {
            if values.isEmpty {
                guard newValue != nil else { return }
                values = [String?](repeating: nil, count: StudentDetail.allCases.count)
            }
            values[detail.position] = newValue
            if values.allSatisfy({ $0 == nil }) { values = [] }
        }
    }

    /// Whether the student has none of the details.
    var isEmpty: Bool { values.isEmpty }

    /// Whether a student with these details was on the class's roll on `day`: they joined on or
    /// before it and had not left by it (see ``Student/isOnRoll(on:)``). Most students have no
    /// details, and are told at once.
    func isOnRoll(on day: SchoolDay) -> Bool {
        guard !values.isEmpty else { return true }
        let joined = self[.joined].flatMap(SchoolDay.stored)
        let left = self[.left].flatMap(SchoolDay.stored)
        return (joined.map { $0 <= day } ?? true) && (left.map { day < $0 } ?? true)
    }

    /// The details the student has, in ``StudentDetail`` order.
    var present: [(detail: StudentDetail, text: String)] {
        guard !values.isEmpty else { return [] }
        return StudentDetail.allCases.compactMap { detail in values[detail.position].map { (detail, $0) } }
    }

    /// How many of the details the student has.
    var count: Int { values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Whether ``merging(_:)`` `newer` leaves these details as they are: each value `newer` has,
    /// these have too.
    func keeps(_ newer: StudentDetails) -> Bool {
        guard !newer.values.isEmpty else { return true }
        guard !values.isEmpty else { return false }
        return newer.values.indices.allSatisfy { newer.values[$0] == nil || newer.values[$0] == values[$0] }
    }

    /// These details with each of `newer`'s values in place of this one's.
    func merging(_ newer: StudentDetails) -> StudentDetails {
        guard !values.isEmpty else { return newer }
        guard !newer.values.isEmpty else { return self }
        // Usually the file gives every detail the student has: then its values are the result.
        guard values.indices.contains(where: { values[$0] != nil && newer.values[$0] == nil }) else {
            return newer
        }
        var merged = self
        for index in values.indices where newer.values[index] != nil {
            merged.values[index] = newer.values[index]
        }
        return merged
    }
}
