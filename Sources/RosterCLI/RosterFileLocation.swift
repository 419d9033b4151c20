import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides which roster file a command works on: `--file`, else `$ROSTER_FILE`, else the default.
enum RosterFileLocation {
    /// The roster file's URL.
    ///
    /// - Throws: ``UsageError`` when `--file` or `$ROSTER_FILE` is given but empty.
    static func resolve(option: String?, environment: [String: String]) throws -> URL {
        if let option {
            guard !option.isEmpty else {
                throw UsageError.invalidValue(
                    "", label: "--file <file>", reason: "Give the path of a roster file.")
            }
            return URL(fileURLWithPath: option)
        }
        if let variable = environment["ROSTER_FILE"] {
            guard !variable.isEmpty else { throw UsageError.emptyEnvironment("ROSTER_FILE") }
            return URL(fileURLWithPath: variable)
        }
        if let home = environment["HOME"], !home.isEmpty, !home.hasPrefix("/") {
            throw UsageError.message(
                "HOME is '\(home)', which is not an absolute path, so the roster's folder is unknown. "
                    + "Set HOME to your home folder, or give the roster with --file.")
        }
        return StorageHandler.defaultURL(environment: environment)
    }
}
