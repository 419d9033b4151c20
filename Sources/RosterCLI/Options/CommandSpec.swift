import RosterKit

/// Everything the parser and the help need to know about one command.
struct CommandSpec: Sendable {
    /// The command's name as typed, such as `add`.
    let name: String
    /// One line that says what the command does.
    let abstract: String
    /// More explanation shown in the command's own help.
    var discussion: String? = nil
    /// The positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// The command's own options and flags.
    var options: [OptionSpec] = []

    /// The options and flags every command accepts, after the command's own ones.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(
            name: "file", valueName: "file",
            help: "The roster file. (default: $ROSTER_FILE, else ~/Documents/students.plist)"),
        OptionSpec(
            name: "class", valueName: "name",
            help:
                "The class whose roster to use, ignoring case: ~/Documents/Classes/<name>.plist; only add and "
                + "import start a new one. (default: $ROSTER_CLASS)"),
        OptionSpec(
            name: "color", valueName: "when", help: "Whether to use colour.",
            choices: ["auto", "always", "never"],
            defaultValue: "auto"),
        OptionSpec(name: "version", help: "Show the version."),
        OptionSpec(name: "help", shortName: "h", help: "Show help information."),
    ]

    /// The command's options followed by the common ones.
    var allOptions: [OptionSpec] { options + Self.commonOptions }
}

/// A named option, such as `--age <age>`, or a flag, such as `--reverse`.
struct OptionSpec: Sendable {
    /// The long name without dashes, such as `age`.
    let name: String
    /// The short name without its dash, such as `h`, if any.
    var shortName: Character? = nil
    /// The placeholder of the value, such as `age`; `nil` for a flag.
    var valueName: String? = nil
    /// One line of help.
    let help: String
    /// Whether the command cannot run without it.
    var isRequired = false
    /// The only values accepted, if the option is a choice.
    var choices: [String] = []
    /// The value used when the option is absent, shown in help.
    var defaultValue: String? = nil

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// How the option is written in errors and help: `--age <age>` or `--reverse`.
    var label: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// The label with the short name in front, as help lists it: `-h, --help`.
    var helpLabel: String {
        shortName.map { "-\($0), \(label)" } ?? label
    }
}

/// A positional argument, such as `<name>` or `<student> ...`.
struct ArgumentSpec: Sendable {
    /// The placeholder, such as `name`.
    let name: String
    /// One line of help.
    let help: String
    /// Whether it takes one or more values.
    var isRepeated = false
    /// Whether the command can run without it.
    var isOptional = false
    /// Options that stand in for it: given any of them, it may be left out.
    var replacedBy: [String] = []
    /// The words it may start with, such as `rename` for `classes`, each naming what follows
    /// it; completion offers them.
    var verbs: [Verb] = []

    /// A word an argument may start with, and what follows it.
    struct Verb: Sendable {
        /// The word, such as `restore`.
        let word: String
        /// What the words after it name, which completion offers.
        var follows: Names = .nothing
    }

    /// What a completion offers after a verb: the names roster can list, each from a hidden
    /// `roster --complete-<source>` (see ``CompletionScript``).
    enum Names: String, Sendable, CaseIterable {
        /// Nothing roster can list.
        case nothing
        /// The classes, which `classes rename` and `delete` take.
        case classes
        /// The deleted classes, which `classes restore` brings back.
        case deletedClasses = "deleted-classes"
        /// The markbook's assessments.
        case assessments
        /// The markbook's categories.
        case categories
    }

    /// How the argument is written in errors and help: `<name>` or `<student> ...`.
    var label: String { isRepeated ? "<\(name)> ..." : "<\(name)>" }
}

extension ArgumentSpec {
    /// The help of an argument that names a student, the same for every command.
    static let studentHelp =
        "A name or its words (a first name will do), a full id, or an id prefix of 4 or more characters."

    /// The help of `--left`, the same for every command that changes a student's record.
    static let pastRecordHelp =
        "Change the record kept of a student who has left the class (refused without it)."
}
