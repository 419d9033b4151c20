import Foundation
import RosterCLI

let status = CommandLineTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    input: StandardInput(),
    output: FileDescriptorOutput.standardOutput(),
    errorOutput: FileDescriptorOutput.standardError(),
    keepsRosterUntilExit: true)
exit(status)
