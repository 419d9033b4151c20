/// A OneRoster export of several classes, read without choosing one: nothing was imported, since
/// taking every class's students into one roster is seldom what was meant.
package struct OneRosterClassesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The classes, each as its `classCode` and `title`, in the file's order.
    package let classes: [String]

    /// A sentence naming the classes.
    package var description: String {
        "The export holds \(classes.count) classes (\(NameList.sentence(classes))); nothing was imported, "
            + "since one class or all of them must be chosen."
    }
}
