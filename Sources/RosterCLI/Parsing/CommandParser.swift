import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads one command's arguments the way swift-argument-parser does.
///
/// `--name value` and `--name=value` both work, `--` ends the options, the last value of a
/// repeated option wins, and `-h` or `--help` anywhere asks for help.
struct CommandParser {
    let spec: CommandSpec

    /// Whether the words ask for help, which wins over any error in them.
    static func wantsHelp(_ words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
        }
        return false
    }

    /// Parses `words` into option values, flags and positional arguments.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, or a missing
    ///   or extra positional argument.
    func parse(_ words: [String], checkingRequired: Bool = true) throws -> ParsedCommand {
        var parsed = ParsedCommand()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else {
                try readOption(word, from: words, at: &index, into: &parsed)
            }
        }
        try checkPositionals(parsed.positionals)
        if checkingRequired { try checkRequired(parsed) }
        return parsed
    }

    private func readOption(
        _ word: String, from words: [String], at index: inout Int, into parsed: inout ParsedCommand
    )
        throws
    {
        let (name, inlineValue) = split(word)
        guard let option = find(name) else {
            throw UsageError.unknownOption(name, suggestion: suggestion(for: name))
        }
        guard option.takesValue else {
            if let inlineValue { throw UsageError.flagWithValue(flag: option.label, value: inlineValue) }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < words.count, !isOptionLike(words[index]) {
            value = words[index]
            index += 1
        } else {
            throw UsageError.missingValue(label: option.label, help: option.help)
        }
        if !option.choices.isEmpty && !option.choices.contains(value) {
            let list = option.choices.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError.invalidValue(
                value, label: option.label, reason: "Please provide one of \(list).")
        }
        parsed.values[option.name] = value
        parsed.allValues[option.name, default: []].append(value)
    }

    private func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private func find(_ name: String) -> OptionSpec? {
        spec.allOptions.first { option in
            name == "--\(option.name)" || option.shortName.map { name == "-\($0)" } == true
        }
    }

    private func isOptionLike(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && !word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }

    private func suggestion(for name: String) -> String? {
        let candidates = spec.allOptions.map { "--\($0.name)" }
        return Suggestion.closest(to: name, among: candidates)
    }

    private func checkPositionals(_ positionals: [String]) throws {
        let accepts = spec.arguments.contains(where: \.isRepeated) ? Int.max : spec.arguments.count
        if positionals.count > accepts {
            throw UsageError.unexpectedArguments(Array(positionals.dropFirst(accepts)))
        }
    }

    private func checkRequired(_ parsed: ParsedCommand) throws {
        for (position, argument) in spec.arguments.enumerated()
        where !argument.isOptional && parsed.positionals.count <= position
            && !argument.replacedBy.contains(where: { parsed.values[$0] != nil })
        {
            throw UsageError.missingArgument(label: argument.label, help: argument.help)
        }
        for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
            throw UsageError.missingArgument(label: option.label, help: option.help)
        }
    }
}

/// What the parser read from the command line for one command.
struct ParsedCommand: Sendable {
    /// The last value given for each option, by long name.
    var values: [String: String] = [:]
    /// Every value given for each option, in order, for options that may be repeated
    /// (`--skip Ada --skip Alan`).
    var allValues: [String: [String]] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// The positional arguments, in order.
    var positionals: [String] = []

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }

    /// Each value of a repeatable option that lists students separated by commas
    /// (`--apart ada,ben --apart cleo,dev`), as its list of references.
    func studentLists(_ option: String) -> [[String]] {
        (allValues[option] ?? []).map { $0.split(separator: ",").map(String.init) }
    }
}

/// Reads typed option values, turning a malformed number into swift-argument-parser's
/// "The value … is invalid" error and leaving range checks to ``StudentValidator``.
extension ParsedCommand {
    /// The age given with `--age` (or another option holding an age), if any.
    func age(_ option: String = "age", in spec: CommandSpec) throws -> Int? {
        try read(
            option, in: spec, hint: "Use a whole number from \(RangeText.ages).", StudentValidator.age(text:))
    }

    /// A whole number of 1 or more given with `option`, if any.
    func positiveNumber(_ option: String, in spec: CommandSpec) throws -> Int? {
        try read(option, in: spec, hint: "Use a whole number of 1 or more.") { text in
            guard let number = Int(text), number >= 1 else {
                throw ValidationError.notANumber(
                    field: option, text: text, expected: "a whole number of 1 or more")
            }
            return number
        }
    }

    /// The grade given with `--grade`, if any.
    func grade(in spec: CommandSpec) throws -> Int? {
        try read(
            "grade", in: spec, hint: "Use a whole number from \(RangeText.grades).",
            StudentValidator.grade(text:))
    }

    /// The score given with `--score`, if any.
    func score(in spec: CommandSpec) throws -> Double? {
        try read(
            "score", in: spec, hint: "Use a number from \(RangeText.scores), such as 88.5.",
            StudentValidator.score(text:))
    }

    /// The value of a choice option, or its default.
    func choice<Choice: RawRepresentable>(_ name: String, default fallback: Choice) -> Choice
    where Choice.RawValue == String {
        values[name].flatMap(Choice.init(rawValue:)) ?? fallback
    }

    private func read<Value>(
        _ name: String, in spec: CommandSpec, hint: String, _ convert: (String) throws -> Value
    ) throws -> Value? {
        guard let text = values[name] else { return nil }
        do {
            return try convert(text)
        } catch ValidationError.notANumber {
            let label = spec.allOptions.first { $0.name == name }?.label ?? "--\(name)"
            throw UsageError.invalidValue(text, label: label, reason: hint)
        }
    }
}

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
    }

    var file: String?
    var rosterClass: String?
    var color: String?

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
            switch name {
            case "--version": return .version
            case "-h", "--help": return .help
            case "--generate-manual": return .manualPage
            case "--complete-students": return .studentNames(typed: Array(words[index...]), matching: nil)
            case "--complete-students-matching", "--complete-students-for-fish":
                let word = index < words.count ? words[index] : ""
                return .studentNames(
                    typed: Array(words.dropFirst(index + 1)), matching: word,
                    forFish: name == "--complete-students-for-fish")
            case "--file": file = try value("--file <file>")
            case "--class": rosterClass = try value("--class <name>")
            case "--color": color = try Self.checkedColor(value("--color <when>"))
            case "--generate-completion-script":
                let shell = try value("--generate-completion-script <shell>")
                guard CompletionScript.shells.contains(shell) else {
                    let list = CompletionScript.shells.map { "'\($0)'" }.joined(separator: ", ")
                    throw UsageError.invalidValue(
                        shell, label: "--generate-completion-script <shell>",
                        reason: "Please provide one of \(list).")
                }
                return .completionScript(shell: shell)
            default:
                let known =
                    CommandSpec.commonOptions.map { "--\($0.name)" } + ["--generate-completion-script"]
                throw UsageError.unknownOption(word, suggestion: Suggestion.closest(to: word, among: known))
            }
        }
        return .subcommand(at: index)
    }

    static func checkedColor(_ value: String) throws -> String {
        guard ["auto", "always", "never"].contains(value) else {
            throw UsageError.invalidValue(
                value, label: "--color <when>", reason: "Please provide one of 'auto', 'always', 'never'.")
        }
        return value
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

/// The ranges a roster accepts, as help and errors write them (`1 to 120`), taken from
/// ``StudentValidator`` so that the one rule is stated in one place.
enum RangeText {
    /// The ages, as `1 to 120`.
    static let ages = text(StudentValidator.ages)
    /// The grades, as `0 to 13`.
    static let grades = text(StudentValidator.grades)
    /// The scores, as `0 to 100`.
    static let scores = StudentValidator.scoreRangeText

    private static func text(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
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
