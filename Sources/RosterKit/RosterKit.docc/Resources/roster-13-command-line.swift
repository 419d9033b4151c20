import Foundation
import RosterCLI

// The command line is a library too: it takes everything it touches, so a test (or an app)
// runs `roster` in-process and reads what it printed.
func listInProcess(file: String) -> String {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let status = CommandLineTool.run(
        arguments: ["--file", file, "list"], environment: [:], output: output, errorOutput: errors)
    return status == 0 ? output.text : errors.text
}
