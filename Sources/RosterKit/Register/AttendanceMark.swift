/// How a student was marked in the register of one lesson.
public enum AttendanceMark: String, Sendable, CaseIterable {
    /// There.
    case present
    /// There, but late.
    case late
    /// Not there, without leave.
    case absent
    /// Not there, with leave (illness, an appointment): an authorised absence.
    case excused

    /// Whether the student was in the room (present or late).
    public var isThere: Bool { self == .present || self == .late }
}
