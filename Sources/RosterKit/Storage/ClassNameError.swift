/// A class name that cannot name a roster file in the classes folder; see
/// ``ClassFolder/rosterURL(of:)``.
package struct ClassNameError: Error, Equatable, CustomStringConvertible {
    /// The name as it was given.
    package let name: String

    /// Says which name was refused, with control characters made visible.
    package var description: String {
        "The class name '\(VisibleText.of(name))' is not a plain name: a class name has 1 to "
            + "\(ClassFolder.longestName) characters, no '/' or control character, and does not start with '.'."
    }
}
