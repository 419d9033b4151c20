import RosterKit

/// A `--class` that names no class there is; nothing was done, and no file was made.
struct UnknownClass: Error, CustomStringConvertible {
    let name: String
    /// The classes there are.
    let classes: [String]

    var description: String {
        let there =
            classes.isEmpty
            ? "There are no classes yet"
            : "The classes are " + classes.prefix(20).map(VisibleText.of).joined(separator: ", ")
                + (classes.count > 20 ? " and \(classes.count - 20) more" : "")
        return
            "There is no class '\(VisibleText.of(name))'. \(there). Check the name, or start the class with "
            + "'roster --class \(VisibleText.of(name)) add <name> --age <age>'."
    }
}
