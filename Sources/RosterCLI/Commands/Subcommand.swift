import RosterKit
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `roster` subcommand: what it accepts, and what it does with it.
protocol Subcommand: SendableMetatype {
    /// The word that names the command, as in `roster add`.
    static var name: String { get }

    /// The command's name, arguments and options, for the parser and the help.
    static var spec: CommandSpec { get }

    /// Runs the command, writing results to the context's output.
    ///
    /// - Throws: ``UsageError`` or `ValidationError` for input that cannot be used (exit 64), any
    ///   other error for a failure (exit 1).
    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws

    /// Whether the command asks at a terminal for missing arguments instead of failing.
    static var prompts: Bool { get }

    /// Whether the command may start a class that does not exist yet (`add`, `import`).
    static var createsClass: Bool { get }
}

extension Subcommand {
    /// Commands do not ask, unless they say so.
    static var prompts: Bool { false }

    /// Commands work on classes that exist, unless they say so.
    static var createsClass: Bool { false }
}

/// A subcommand as the router keeps it: its name, its spec and its entry point.
///
/// The spec is made only when it is asked for, so running one command builds only its own spec.
struct SubcommandEntry: Sendable {
    let name: String
    let prompts: Bool
    let createsClass: Bool
    let run: @Sendable (ParsedCommand, CommandContext) throws -> Void
    private let makeSpec: @Sendable () -> CommandSpec

    /// The command's arguments and options.
    var spec: CommandSpec { makeSpec() }

    init<Command: Subcommand>(_ command: Command.Type) {
        name = command.name
        makeSpec = { Command.spec }
        prompts = command.prompts
        createsClass = command.createsClass
        run = { try Command.run($0, in: $1) }
    }
}

/// Everything a command may touch, passed in so tests can drive commands in-process.
struct CommandContext {
    /// The roster file the command works on.
    let fileURL: URL
    /// The process environment.
    let environment: [String: String]
    /// Where a person's answers come from.
    let input: LineInput
    /// Where results go.
    let output: TextOutput
    /// Where errors, notes and questions go.
    let errorOutput: TextOutput
    /// Whether results are coloured.
    let style: Style
    /// How long work runs before progress is shown.
    let progressDelay: Duration
    /// What the command saved, once it is on disk, so that an error after it can say so.
    let saved: SavedChange
    /// Whether a loaded roster is left for the process's exit to free; see ``ProcessLifetime``.
    var keepsRosterUntilExit = false

    /// The width to fit text to: `COLUMNS` when it is a positive number, else the terminal's
    /// width, else 80.
    var width: Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return output.columns ?? 80
    }

    /// The roster as messages name it: `class 7A` for a class's roster, else the file's name.
    var rosterDescription: String {
        let folder = RosterFileLocation.classesFolder(environment: environment)
        if fileURL.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            fileURL.pathExtension == "plist"
        {
            return "class \(RosterFileLocation.className(of: fileURL))"
        }
        return fileURL.lastPathComponent
    }

    /// Whether the roster is a class's that does not exist yet, which `add` and `import` start.
    var isNewClass: Bool {
        rosterDescription.hasPrefix("class ") && !FileManager.default.fileExists(atPath: fileURL.path)
    }

    /// The roster's students, for commands that show them.
    func loadedStudents() throws -> [Student] {
        let students = try StorageHandler.load(from: fileURL)
        if keepsRosterUntilExit { ProcessLifetime.keep(students) }
        return students
    }

    /// Asks a yes-or-no question on the terminal; anything but yes is no.
    func confirm(_ question: String) -> Bool {
        errorOutput.write(question + " [y/N] ")
        let answer = input.readLine()?.trimmingSpaces().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}

/// What a command saved to the roster, in words such as "Ada Lovelace was added": set once the
/// change is on disk, so that a failure to confirm it names the change instead of claiming that
/// nothing happened.
final class SavedChange {
    /// The change, or `nil` while nothing is saved.
    private(set) var description: String?

    /// Records that `description` is on disk.
    func record(_ description: String) { self.description = description }
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

extension OptionSpec {
    /// `--format table|json`, for a command that prints one thing as a table or as JSON.
    static func tableOrJSON(_ help: String) -> OptionSpec {
        OptionSpec(
            name: "format", valueName: "format", help: help, choices: ["table", "json"],
            defaultValue: "table")
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

    /// How the argument is written in errors and help: `<name>` or `<student> ...`.
    var label: String { isRepeated ? "<\(name)> ..." : "<\(name)>" }
}

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

/// Holds what a command loaded until the process ends, so that it is never freed piece by piece.
///
/// A loaded roster of a million students is a million names, each its own allocation; freeing
/// them one by one took about 50 ms of a `list`, while a process that exits hands all of its
/// memory back at once. The `roster` executable asks for this (see
/// ``CommandLineTool/run(arguments:environment:input:output:errorOutput:keepsRosterUntilExit:)``);
/// tests that run commands in-process do not, so nothing they load outlives their run.
enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value`, such as a loaded roster's students, alive until the process exits.
    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }
}
