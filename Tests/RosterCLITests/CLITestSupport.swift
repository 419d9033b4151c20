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
