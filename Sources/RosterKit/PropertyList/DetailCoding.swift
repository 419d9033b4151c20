/// How a student's text fields beyond the tutorial's (``StudentDetail``) are kept in a roster
/// file, read and written by both property-list formats alike.
///
/// Each is a string under its own key (`schoolID`, `firstName`, `lastName`, `note`), after the
/// tutorial's fields and before the register, and only when the student has it. The iOS app
/// ignores these keys.
enum DetailCoding {
    /// The stored entries of a student's details, in ``StudentDetail`` order.
    static func entries(of details: StudentDetails) -> [PlistEntry] {
        details.present.map { PlistEntry(key: $0.detail.rawValue, value: .string($0.text)) }
    }

    /// Takes the details out of a record's other fields, each checked as when it is typed.
    ///
    /// - Throws: ``DecodingProblem`` naming record `record` when a detail is not text or breaks
    ///   its rule.
    static func take(from fields: inout [PlistEntry], record: Int) throws(DecodingProblem)
        -> StudentDetails
    {
        guard !fields.isEmpty else { return StudentDetails() }
        var details = StudentDetails()
        var kept: [PlistEntry] = []
        for field in fields {
            guard let detail = StudentDetail(rawValue: field.key) else {
                kept.append(field)
                continue
            }
            guard case .string(let text) = field.value else {
                throw .record(record, "has a '\(field.key)' that is not text")
            }
            do {
                details[detail] = try StudentValidator.detail(detail, text)
            } catch {
                throw .record(record, "has a '\(field.key)' that breaks its rule: \(error)")
            }
        }
        fields = kept
        return details
    }
}
