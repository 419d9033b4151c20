/// A lesson whose register was never taken, so there is nothing of it to delete.
public struct LessonNotTaken: Error, Equatable, Sendable, CustomStringConvertible {
    /// The lesson.
    public let lesson: Lesson

    /// A sentence naming the lesson.
    public var description: String { "No register was taken for \(lesson); nothing was deleted." }
}
