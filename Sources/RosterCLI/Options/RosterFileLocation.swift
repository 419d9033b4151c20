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
    /// - Parameter createsClass: Whether the command may start a class that does not exist yet
    ///   (`add` and `import`); any other refuses a class name that matches none, naming those there are.
    static func resolve(
        option: String?, className: String? = nil, environment: [String: String], createsClass: Bool = true
    ) throws
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
            return try existingClassURL(name, environment: environment, creating: createsClass)
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

    /// The classes there are, by name, in the order `roster classes` lists them.
    static func classNames(environment: [String: String]) -> [String] {
        classNames(in: classesFolder(environment: environment))
    }

    /// The classes whose rosters are in `folder`, by name, sorted ignoring case.
    static func classNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }.map {
                className(of: URL(fileURLWithPath: $0))
            }
            .sorted { $0.lowercased() < $1.lowercased() }
    }

    /// The class a roster file of the classes folder holds: its name without `.plist`.
    static func className(of url: URL) -> String {
        String(url.lastPathComponent.dropLast(".plist".count))
    }

    /// The one of `names` that `name` is: itself, else the one that differs from it only in case.
    static func match(_ name: String, among names: [String]) -> String? {
        names.contains(name) ? name : names.first { $0.lowercased() == name.lowercased() }
    }

    /// The roster of the class `name` names, ignoring case (`7a` is `7A`): a class that does not
    /// exist is refused, unless `creating`.
    ///
    /// - Throws: ``UnknownClass`` for a class that does not exist, ``UsageError`` as ``classURL(_:environment:)``.
    static func existingClassURL(_ name: String, environment: [String: String], creating: Bool) throws -> URL
    {
        let url = try classURL(name, environment: environment)
        let names = classNames(environment: environment)
        if let match = match(name, among: names) { return try classURL(match, environment: environment) }
        guard creating else { throw UnknownClass(name: name, classes: names) }
        return url
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
