import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options that may come before the subcommand: `roster --file x.plist --color never list`.
struct GlobalOptions {
    /// What the words before the subcommand asked for.
    enum Request: Equatable {
        /// Run the subcommand that starts at `index`, or show the overview when there is none.
        case subcommand(at: Int)
        case version
        case help
        case completionScript(shell: String)
        case manualPage
        /// The students' names for a completion script, given the words typed so far; for fish,
        /// spelled so that fish's own filter keeps them.
        case studentNames(typed: [String], matching: String?, forFish: Bool = false)
        case classNames(deleted: Bool)
        /// The markbook's assessments or categories whose names start with `matching` (ignoring
        /// case and accents), from the roster the words typed so far use.
        case markbookNames(ArgumentSpec.Names, matching: String, typed: [String])
    }

    var file: String?
    var rosterClass: String?
    var color: Style.Choice?

    /// Reads the options before the subcommand.
    ///
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    mutating func read(_ words: [String]) throws -> Request {
        var index = 0
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            let word = words[index]
            index += 1
            let (name, inline) = Self.split(word)
            func value(_ label: String) throws -> String {
                if let inline { return inline }
                guard index < words.count else {
                    let help = CommandSpec.commonOptions.first { $0.label == label }?.help
                    throw UsageError.missingValue(label: label, help: help ?? "The shell: bash, zsh or fish.")
                }
                index += 1
                return words[index - 1]
            }
            if let request = Self.completionRequest(name, rest: words[index...]) { return request }
            switch name {
            case "--version": return .version
            case "-h", "--help": return .help
            case "--generate-manual": return .manualPage
            case "--file": file = try value("--file <file>")
            case "--class": rosterClass = try value("--class <name>")
            case "--color": color = try Self.checkedColor(value("--color <when>"))
            case "--generate-completion-script":
                return .completionScript(
                    shell: try Self.checkedShell(value("--generate-completion-script <shell>")))
            default:
                let known =
                    CommandSpec.commonOptions.map { "--\($0.name)" } + ["--generate-completion-script"]
                throw UsageError.unknownOption(word, suggestion: Suggestion.closest(to: word, among: known))
            }
        }
        return .subcommand(at: index)
    }

    /// What a completion script asks with the hidden option `name`, given the words after it:
    /// students', classes', assessments' or categories' names; `nil` for any other option.
    private static func completionRequest(_ name: String, rest: ArraySlice<String>) -> Request? {
        let (word, typed) = (rest.first ?? "", Array(rest.dropFirst()))
        switch name {
        case "--complete-students": return .studentNames(typed: Array(rest), matching: nil)
        case "--complete-students-matching", "--complete-students-for-fish":
            return .studentNames(
                typed: typed, matching: word, forFish: name == "--complete-students-for-fish")
        case "--complete-classes": return .classNames(deleted: false)
        case "--complete-deleted-classes": return .classNames(deleted: true)
        case "--complete-assessments": return .markbookNames(.assessments, matching: word, typed: typed)
        case "--complete-categories": return .markbookNames(.categories, matching: word, typed: typed)
        default: return nil
        }
    }

    static func checkedColor(_ value: String) throws -> Style.Choice {
        guard let choice = Style.Choice(rawValue: value) else {
            let list = Style.Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw UsageError.invalidValue(
                value, label: "--color <when>", reason: "Please provide one of \(list).")
        }
        return choice
    }

    private static func checkedShell(_ shell: String) throws -> String {
        guard CompletionScript.shells.contains(shell) else {
            let list = CompletionScript.shells.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError.invalidValue(
                shell, label: "--generate-completion-script <shell>", reason: "Please provide one of \(list)."
            )
        }
        return shell
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

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

    /// The roster of the class `name` names, ignoring case (`7a` is `7A`): a class that does not
    /// exist is refused, unless `creating`.
    ///
    /// - Throws: ``UnknownClass`` for a class that does not exist, ``UsageError`` as ``classURL(_:environment:)``.
    static func existingClassURL(_ name: String, environment: [String: String], creating: Bool) throws -> URL
    {
        let url = try classURL(name, environment: environment)
        let names = try ClassFolder(environment: environment).classNames()
        if let match = ClassFolder.match(name, among: names) {
            return try classURL(match, environment: environment)
        }
        guard creating else { throw UnknownClass(name: name, classes: names) }
        return url
    }

    /// The roster of the class called `name`.
    ///
    /// - Throws: ``UsageError`` for a name that is empty, would leave the folder or hides the file.
    static func classURL(_ name: String, environment: [String: String]) throws -> URL {
        do {
            return try ClassFolder(environment: environment).rosterURL(of: name)
        } catch {
            throw UsageError.invalidValue(
                VisibleText.of(name), label: "--class <name>",
                reason: "A class name is a plain name such as 7A, without '/' and not starting with '.'.")
        }
    }
}
