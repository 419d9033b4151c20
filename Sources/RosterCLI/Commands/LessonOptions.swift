/// `--date` and `--lesson`, which every register command takes.
struct LessonOptions: Sendable {
    /// The day as typed: YYYY-MM-DD, today, yesterday or a weekday.
    var date: String?
    /// The lesson of the day, such as 2 or maths.
    var lesson: String?

    /// The fields of the two options.
    static func fields<Command: TakesLesson>() -> [CommandField<Command>] {
        [
            .day(\.lessonOptions.date, "The day"),
            .option(
                "lesson", \.lessonOptions.lesson, valueName: "lesson",
                help: "Which lesson of the day, such as 2 or maths, when there are several.", parse: .text),
        ]
    }
}

extension CommandField {
    /// `--date <day>`: a day as a teacher says it, today when absent; `what` names the day.
    static func day(_ keyPath: WritableKeyPath<Command, String?> & Sendable, _ what: String) -> Self {
        .option(
            "date", keyPath, valueName: "day",
            help: "\(what): YYYY-MM-DD, today, yesterday or a weekday. (default: today)", parse: .text)
    }
}

/// A command that takes ``LessonOptions``.
protocol TakesLesson {
    var lessonOptions: LessonOptions { get set }
}
