import Foundation
import RosterCLI

CommandLineTool.prepareProcess()
let status = CommandLineTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    input: StandardInput(),
    output: FileDescriptorOutput.standardOutput(),
    errorOutput: FileDescriptorOutput.standardError(),
    keepsRosterUntilExit: true)
exit(status)
