import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides which roster file a command works on: `--file`, else `--class`, else `$ROSTER_CLASS`,
/// else `$ROSTER_FILE`, else the default.
enum RosterFileLocation {
    /// The roster file's URL.
    ///
    /// - Throws: ``UsageError`` when `--file` or `$ROSTER_FILE` is given but empty, when a file
    ///   and a class are both given, or when a class name would leave the classes folder.
    static func resolve(option: String?, className: String? = nil, environment: [String: String]) throws
        -> URL
    {
        if option != nil && className != nil {
            throw UsageError.message("--file and --class name the roster twice; give one of them.")
        }
        let classFromEnvironment =
            option == nil ? environment["ROSTER_CLASS"].flatMap { $0.isEmpty ? nil : $0 } : nil
        if let name = className ?? classFromEnvironment {
            if className == nil, environment["ROSTER_FILE"].map({ !$0.isEmpty }) == true {
                throw UsageError.message(
                    "ROSTER_CLASS and ROSTER_FILE both name the roster; unset one of them, or give --file or --class."
                )
            }
            return try classURL(name, environment: environment)
        }
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

    /// The folder that holds the classes: `Classes` in the documents folder.
    static func classesFolder(environment: [String: String]) -> URL {
        StorageHandler.defaultURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("Classes", isDirectory: true)
    }

    /// The roster of the class called `name`.
    ///
    /// - Throws: ``UsageError`` for a name that is empty, would leave the folder or hides the file.
    static func classURL(_ name: String, environment: [String: String]) throws -> URL {
        let isSafe =
            !name.isEmpty && name.count <= 100 && !name.contains("/") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard isSafe else {
            throw UsageError.invalidValue(
                VisibleText.of(name), label: "--class <name>",
                reason: "A class name is a plain name such as 7A, without '/' and not starting with '.'.")
        }
        return classesFolder(environment: environment).appendingPathComponent(name + ".plist")
    }
}
