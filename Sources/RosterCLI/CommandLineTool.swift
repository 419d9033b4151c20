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

    static let subcommands: [SubcommandEntry] = [
        SubcommandEntry(AddCommand.self), SubcommandEntry(ListCommand.self),
        SubcommandEntry(ShowCommand.self),
        SubcommandEntry(EditCommand.self), SubcommandEntry(RemoveCommand.self),
        SubcommandEntry(DeleteAllCommand.self), SubcommandEntry(UndoCommand.self),
        SubcommandEntry(RedoCommand.self), SubcommandEntry(HistoryCommand.self),
        SubcommandEntry(StatsCommand.self), SubcommandEntry(PickCommand.self),
        SubcommandEntry(GroupsCommand.self),
        SubcommandEntry(ClassesCommand.self), SubcommandEntry(AbsentCommand.self),
        SubcommandEntry(PresentCommand.self), SubcommandEntry(RegisterCommand.self),
        SubcommandEntry(ImportCommand.self),
        SubcommandEntry(ExportCommand.self),
        SubcommandEntry(PathCommand.self),
    ]

    /// The subcommand called `name`, if there is one.
    static func subcommand(named name: String) -> SubcommandEntry? {
        subcommands.first { $0.name == name }
    }

    /// The names of all subcommands, in help order.
    static var subcommandNames: [String] { subcommands.map(\.name) }

    /// Runs the `roster` process: prepares it (see ``prepareProcess()``), runs the command its
    /// arguments name on the real standard streams, and exits with the command's code.
    ///
    /// A roster the command loads is left for the process's exit to free (see
    /// `ProcessLifetime`), which is quicker for a large roster than freeing it name by name.
    public static func main() -> Never {
        prepareProcess()
        let status = run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            input: StandardInput(), output: FileDescriptorOutput.standardOutput(),
            errorOutput: FileDescriptorOutput.standardError(), keepsRosterUntilExit: true)
        exit(status)
    }

    /// Prepares the `roster` process: a write past a file-size limit (`ulimit -f`) then fails with
    /// an error that roster reports, instead of killing the process with `SIGXFSZ`.
    public static func prepareProcess() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Runs `roster` with the given arguments and returns its exit code.
    ///
    /// - Parameters:
    ///   - arguments: The words after the program's name.
    ///   - environment: The process environment (`ROSTER_FILE`, `HOME`, `COLUMNS`).
    ///   - input: Where answers to questions come from.
    ///   - output: Where results and help go.
    ///   - errorOutput: Where errors and questions go.
    ///   - keepsRosterUntilExit: Whether a roster a command loads is left for the process's exit
    ///     to free, which is quicker for a large roster; for a process that exits right after.
    /// - Returns: 0 on success, 64 for a usage or validation error, 1 for any other failure.
    public static func run(
        arguments: [String], environment: [String: String], input: LineInput = ScriptedInput(),
        output: TextOutput, errorOutput: TextOutput, keepsRosterUntilExit: Bool = false
    ) -> Int32 {
        var invocation = Invocation(
            environment: environment, input: input, output: output, errorOutput: errorOutput)
        invocation.keepsRosterUntilExit = keepsRosterUntilExit
        return invocation.run(arguments)
    }
}
