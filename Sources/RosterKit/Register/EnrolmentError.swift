/// A change that the days a student joined and left the class do not allow; nothing was changed.
public enum EnrolmentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The student was not on the class's roll on the lesson's day.
    case notOnRoll(name: String, day: SchoolDay, joined: SchoolDay?, left: SchoolDay?)
    /// The student has left the class already, on `day`.
    case alreadyLeft(name: String, day: SchoolDay)
    /// The student left the class on `day`, and a change meant for the class's students was not
    /// made to the record kept of them; `nowIn` names the class of the same folder whose roll they
    /// are on now, after a move, when there is one.
    case hasLeft(name: String, day: SchoolDay, nowIn: String?)
    /// The student has not left the class.
    case notLeft(name: String)
    /// The leaving day is before the day the student joined.
    case leavesBeforeJoining(name: String, joined: SchoolDay, day: SchoolDay)

    /// A sentence naming the student and the days.
    public var description: String {
        switch self {
        case .notOnRoll(let name, let day, let joined, let left):
            let when =
                left.map { "left on \($0)" } ?? joined.map { "joined on \($0)" } ?? "was not on the roll"
            return "\(VisibleText.of(name)) \(when), so was not on the roll on \(day); nothing was marked."
        case .alreadyLeft(let name, let day):
            return "\(VisibleText.of(name)) left the class on \(day) already; nothing was changed."
        case .hasLeft(let name, let day, let nowIn):
            let now = nowIn.map { " and is on the roll of \(VisibleText.of($0)) now" } ?? ""
            return "\(VisibleText.of(name)) left the class on \(day)\(now); nothing was changed."
        case .notLeft(let name):
            return "\(VisibleText.of(name)) has not left the class; nothing was changed."
        case .leavesBeforeJoining(let name, let joined, let day):
            return "\(VisibleText.of(name)) joined on \(joined), after \(day); nothing was changed."
        }
    }
}
