/// One student's mark in one lesson's register, with the reason a teacher gave, if any.
///
/// Coded as the mark's text (`"absent"`), or with a reason as `{"mark": …, "reason": …}`, the
/// way the roster file keeps it.
public struct AttendanceEntry: Hashable, Sendable, Codable {
    /// The mark.
    public var mark: AttendanceMark
    /// Why, in the teacher's words (`"dentist"`), or `nil`.
    public var reason: String?

    /// The longest a reason may be.
    public static let maximumReasonLength = 200

    /// A mark with an optional reason.
    public init(_ mark: AttendanceMark, reason: String? = nil) {
        self.mark = mark
        self.reason = reason
    }
}
