import RosterKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `roster` command line: parses the arguments, runs a subcommand, reports errors.
///
/// Everything it touches is passed in, so tests can run it in-process and read what it wrote.
public enum CommandLineTool {
    /// The version `roster --version` prints.
    public static let version = "0.1.0"

    /// The date of this version, as the manual page gives it.
    static let releaseDate = "2026-12-01"

    static let abstract = "Keep a class roster of students in a property-list file."

    /// The subcommands by what a teacher does with them, as help lists them; the first group's
    /// heading is help's plain `SUBCOMMANDS`.
    static let subcommandGroups: [(heading: String, commands: [SubcommandEntry])] = [
        (
            "",
            [
                SubcommandEntry(AddCommand.self), SubcommandEntry(ListCommand.self),
                SubcommandEntry(ShowCommand.self), SubcommandEntry(EditCommand.self),
                SubcommandEntry(RemoveCommand.self), SubcommandEntry(LeaveCommand.self),
                SubcommandEntry(RejoinCommand.self), SubcommandEntry(DeleteAllCommand.self),
                SubcommandEntry(StatsCommand.self), SubcommandEntry(ImportCommand.self),
                SubcommandEntry(ExportCommand.self),
            ]
        ),
        (
            "LESSON",
            [
                SubcommandEntry(PickCommand.self), SubcommandEntry(GroupsCommand.self),
                SubcommandEntry(ApartCommand.self), SubcommandEntry(SeatsCommand.self),
            ]
        ),
        (
            "REGISTER",
            [
                SubcommandEntry(AbsentCommand.self), SubcommandEntry(PresentCommand.self),
                SubcommandEntry(RegisterCommand.self), SubcommandEntry(WatchCommand.self),
            ]
        ),
        (
            "MARKBOOK",
            [
                SubcommandEntry(AssessmentCommand.self), SubcommandEntry(CategoryCommand.self),
                SubcommandEntry(ScaleCommand.self), SubcommandEntry(MarkCommand.self),
                SubcommandEntry(GradesCommand.self), SubcommandEntry(ReportCommand.self),
                SubcommandEntry(CommentsCommand.self), SubcommandEntry(CommentCommand.self),
            ]
        ),
        (
            "CLASS AND HISTORY",
            [
                SubcommandEntry(ClassesCommand.self), SubcommandEntry(MoveCommand.self),
                SubcommandEntry(UndoCommand.self), SubcommandEntry(RedoCommand.self),
                SubcommandEntry(HistoryCommand.self), SubcommandEntry(PathCommand.self),
            ]
        ),
    ]

    /// Every subcommand, in help order.
    static let subcommands = subcommandGroups.flatMap(\.commands)

    /// The subcommand called `name`, if there is one.
    static func subcommand(named name: String) -> SubcommandEntry? {
        subcommands.first { $0.name == name }
    }

    /// The names of all subcommands, in help order.
    static var subcommandNames: [String] { subcommands.map(\.name) }

    /// Runs the `roster` process: prepares it (see ``prepareProcess()``), runs the command its
    /// arguments name on the real standard streams, and exits with the command's code.
    public static func main() -> Never {
        prepareProcess()
        let status = run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            input: StandardInput(), output: FileDescriptorOutput.standardOutput(),
            errorOutput: FileDescriptorOutput.standardError())
        exit(status)
    }

    /// Prepares the `roster` process: a write past a file-size limit (`ulimit -f`), or into a pipe
    /// whose reader has gone (`roster add … | head -0`), then fails with an error that roster
    /// reports, instead of killing the process with `SIGXFSZ` or `SIGPIPE`: a change already saved
    /// is named then, so that a script does not make it twice.
    public static func prepareProcess() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs `roster` with the given arguments and returns its exit code.
    ///
    /// - Parameters:
    ///   - arguments: The words after the program's name.
    ///   - environment: The process environment (`ROSTER_FILE`, `HOME`, `COLUMNS`).
    ///   - input: Where answers to questions come from.
    ///   - output: Where results and help go.
    ///   - errorOutput: Where errors and questions go.
    /// - Returns: 0 on success, 64 for a usage or validation error, 1 for any other failure.
    public static func run(
        arguments: [String], environment: [String: String], input: LineInput = ScriptedInput(),
        output: TextOutput, errorOutput: TextOutput
    ) -> Int32 {
        Invocation(environment: environment, input: input, output: output, errorOutput: errorOutput)
            .run(arguments)
    }
}

/// One run of the tool: routes the words to a subcommand and turns errors into exit codes.
struct Invocation {
    let environment: [String: String]
    let input: LineInput
    let output: TextOutput
    let errorOutput: TextOutput
    /// How long work runs before progress is shown; tests set it to zero.
    var progressDelay: Duration = .seconds(1)

    private var help: HelpFormatter {
        let columns = environment["COLUMNS"].flatMap { Int($0) } ?? output.columns ?? 80
        return HelpFormatter(width: columns > 0 ? columns : 80)
    }

    /// Runs the command the words name and returns its exit code: 1 when its output could not be
    /// written, 141 (as a process ended by `SIGPIPE`), quietly, when the output's reader went away
    /// before anything was saved. When a change was saved, the error says which, whatever failed.
    func run(_ words: [String]) -> Int32 {
        let saved = SavedChange()
        let status = runCommand(words, saved: saved)
        guard let failure = output.writeFailure else { return status }
        if failure == EPIPE, saved.description == nil { return 141 }
        let reason = String(cString: strerror(failure))
        let advice =
            failure == EFBIG
            ? "raise the file size limit (ulimit -f) or choose another place for it"
            : failure == ENOSPC
                ? "free some space or choose another place for it" : "choose another place for it"
        let error = Style(choice: nil, stream: errorOutput, environment: environment).error("Error:")
        if let change = saved.description {
            // A script that retries would make the change twice: it is told the change was made.
            errorOutput.write(
                "\(error) \(change), but its confirmation could not be written: \(reason). "
                    + "Do not run it again; 'roster history' lists it.\n")
        } else {
            errorOutput.write(
                "\(error) Could not write the output: \(reason). Nothing more was written; \(advice).\n")
        }
        return 1
    }

    /// The open files a command may need at once: the roster, its lock, its history folder, a
    /// version, a temporary file, the standard streams, and the threads of a large roster's
    /// parallel work, which the system cannot start without descriptors of their own.
    static let neededDescriptors: rlim_t = 32

    /// Raises the limit on open files to what a command needs when the system allows it;
    /// otherwise says which limit is too low. `ulimit -n 6` would make a large roster's work
    /// threads fail to start, which the threads library answers by stopping the process.
    private func checkDescriptorLimit() -> String? {
        #if os(Linux)
            let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let openFiles = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0, limit.rlim_cur < Self.neededDescriptors else { return nil }
        if limit.rlim_max >= Self.neededDescriptors {
            limit.rlim_cur = Self.neededDescriptors
            if setrlimit(openFiles, &limit) == 0 { return nil }
        }
        return "Only \(limit.rlim_cur) open files are allowed (ulimit -n), and roster needs "
            + "\(Self.neededDescriptors). Raise the limit, for example with 'ulimit -n 256', and try again."
    }

    private func runCommand(_ words: [String], saved: SavedChange) -> Int32 {
        if let problem = checkDescriptorLimit() {
            errorOutput.write(
                "\(Style(choice: nil, stream: errorOutput, environment: environment).error("Error:")) \(problem)\n"
            )
            return 1
        }
        var options = GlobalOptions()
        let request: GlobalOptions.Request
        do {
            request = try options.read(words)
        } catch {
            return reporter(color: nil).report(error, for: nil)
        }
        switch request {
        case .version: return show(CommandLineTool.version + "\n")
        case .help: return show(rootHelp)
        case .completionScript(let shell): return show(CompletionScript(shell: shell).text)
        case .manualPage: return show(ManualPage(width: 80).text)
        case .studentNames(let typed, let word, let forFish):
            return show(
                StudentNameCompletion.names(
                    typed: typed, matching: word, forFish: forFish, environment: environment))
        case .classNames(let deleted):
            let folder = ClassFolder(environment: environment)
            let names = deleted ? folder.deleted.names : folder.names
            return show(names.map { VisibleText.of($0) + "\n" }.joined())
        case .markbookNames(let names, let word, let typed):
            return show(
                StudentNameCompletion.markbookNames(
                    names, matching: word, typed: typed, environment: environment))
        case .subcommand(let index):
            guard index < words.count else { return show(rootHelp) }
            return run(words[index], Array(words[(index + 1)...]), options: options, saved: saved)
        }
    }

    private func run(_ name: String, _ rest: [String], options: GlobalOptions, saved: SavedChange) -> Int32 {
        if name == "help" { return showHelp(for: rest, options: options) }
        guard let command = CommandLineTool.subcommand(named: name) else {
            let names = CommandLineTool.subcommandNames + ["help"]
            let error = UsageError.unknownSubcommand(
                name, suggestion: Suggestion.closest(to: name, among: names))
            return reporter(color: options.color).report(error, for: nil)
        }
        if CommandParser.wantsHelp(rest) { return show(help.help(for: command.spec)) }
        if rest.prefix(while: { $0 != "--" }).contains("--version") {
            return show(CommandLineTool.version + "\n")
        }
        var color = options.color
        do {
            let parser = CommandParser(spec: command.spec)
            let parsed: ParsedCommand
            do {
                parsed = try parser.parse(rest)
            } catch UsageError.missingArgument where command.prompts && input.isTerminal {
                parsed = try parser.parse(rest, checkingRequired: false)
            }
            if let choice = parsed.color { color = try GlobalOptions.checkedColor(choice) }
            let rosterOption =
                (parsed.file ?? options.file).map { _ in "--file" }
                ?? (parsed.rosterClass ?? options.rosterClass).map { _ in "--class" }
            if !command.usesRoster, let given = rosterOption {
                throw UsageError.message(
                    "'roster \(name)' works on the classes folder, not on one roster; drop \(given).")
            }
            let file = try RosterFileLocation.resolve(
                option: parsed.file ?? options.file,
                className: parsed.rosterClass ?? options.rosterClass, environment: environment,
                createsClass: command.createsClass)
            try command.run(parsed, context(file: file, color: color, saved: saved))
            if saved.description != nil, file == StorageHandler.defaultURL(environment: environment) {
                noteDefaultRoster(file)
            }
            return 0
        } catch is OutputFailure {
            // Said once, by run(_:), which knows what was saved.
            return 1
        } catch {
            return reporter(color: color).report(error, for: command.spec)
        }
    }

    /// Says which file a change went to when it went to the default roster although classes
    /// exist, so that a forgotten `--class` is seen at once.
    private func noteDefaultRoster(_ file: URL) {
        let classes = ClassFolder(environment: environment).names
        guard !classes.isEmpty else { return }
        errorOutput.write(
            "Note: this changed \(VisibleText.of(file.path)), not a class; give --class <name> to change "
                + "a class's roster (\(classes.prefix(5).map(VisibleText.of).joined(separator: ", "))"
                + (classes.count > 5 ? ", …" : "") + ").\n")
    }

    private func context(file: URL, color: Style.Choice?, saved: SavedChange) -> CommandContext {
        CommandContext(
            fileURL: file, environment: environment, input: input, output: output, errorOutput: errorOutput,
            colorChoice: color, progressDelay: progressDelay, saved: saved)
    }

    private func reporter(color: Style.Choice?) -> ErrorReporter {
        ErrorReporter(
            errorOutput: errorOutput,
            style: Style(choice: color, stream: errorOutput, environment: environment))
    }

    private var rootHelp: String {
        help.rootHelp(
            abstract: CommandLineTool.abstract,
            groups: CommandLineTool.subcommandGroups.map { ($0.heading, $0.commands.map(\.spec)) })
    }

    private func show(_ text: String) -> Int32 {
        output.write(text)
        return 0
    }

    private func showHelp(for words: [String], options: GlobalOptions) -> Int32 {
        guard let name = words.first else { return show(rootHelp) }
        guard let command = CommandLineTool.subcommand(named: name) else {
            let names = CommandLineTool.subcommandNames
            let error = UsageError.unknownSubcommand(
                name, suggestion: Suggestion.closest(to: name, among: names))
            return reporter(color: options.color).report(error, for: nil)
        }
        return show(help.help(for: command.spec))
    }
}
