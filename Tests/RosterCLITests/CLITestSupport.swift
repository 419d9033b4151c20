import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

/// Runs the tool in-process with the streams' terminal-ness chosen by the test.
func runTool(
    _ arguments: [String], sandbox: RosterSandbox, environment: [String: String] = [:],
    outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false, input: LineInput = ScriptedInput()
) -> RunResult {
    let output = CapturedOutput(isTerminal: outputIsTerminal)
    let errorOutput = CapturedOutput(isTerminal: errorIsTerminal)
    let invocation = Invocation(
        environment: sandbox.environment.merging(environment) { $1 }, input: input, output: output,
        errorOutput: errorOutput, progressDelay: .zero)
    let status = invocation.run(arguments)
    return RunResult(status: status, output: output.text, errorOutput: errorOutput.text)
}

/// Runs the tool in-process with standard output going to `descriptor`, such as `/dev/full`.
func runTool(_ arguments: [String], sandbox: RosterSandbox, outputDescriptor descriptor: Int32) -> RunResult {
    let errorOutput = CapturedOutput()
    let status = CommandLineTool.run(
        arguments: arguments, environment: sandbox.environment,
        output: FileDescriptorOutput(descriptor: descriptor), errorOutput: errorOutput)
    return RunResult(status: status, output: "", errorOutput: errorOutput.text)
}
