import RosterKit

/// A folder given to `import` that is not a OneRoster export.
struct OneRosterFolderError: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "'\(VisibleText.of(path))' is a folder without users.csv, so not a OneRoster export. Import a CSV, "
            + "JSON or plist file, or the folder a school system's OneRoster export unpacks to."
    }
}
