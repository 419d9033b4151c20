import RosterKit

/// Writes errors the way swift-argument-parser does and chooses the exit code.
///
/// Usage and validation errors (exit 64) are followed by the usage line and a hint; every other
/// failure (exit 1) is one `Error:` line.
struct ErrorReporter {
    let errorOutput: TextOutput
    let style: Style

    /// Reports `error` for the command `spec` (or the tool itself) and returns the exit code.
    func report(_ error: any Error, for spec: CommandSpec?) -> Int32 {
        switch error {
        case let usage as UsageError:
            return reportUsage(usage.description, helpLine: usage.helpLine, for: spec)
        case let validation as ValidationError:
            return reportUsage(validation.description, helpLine: nil, for: spec)
        case let stopped as RollCallStopped:
            errorOutput.write(stopped.description + "\n")
            return stopped.status
        default:
            // An error may quote a name or a value from a file: never raw control characters.
            let advice = ErrorAdvice.advice(for: error).map { " " + $0 } ?? ""
            errorOutput.write("\(style.error("Error:")) \(VisibleText.of("\(error)"))\(advice)\n")
            return 1
        }
    }

    private func reportUsage(_ message: String, helpLine: String?, for spec: CommandSpec?) -> Int32 {
        var text = "\(style.error("Error:")) \(message)\n"
        if let helpLine { text += "Help:  \(helpLine)\n" }
        if let spec {
            text += "Usage: \(HelpFormatter.usage(for: spec))\n"
            text += "  See '\(HelpFormatter.toolName) \(spec.name) --help' for more information.\n"
        } else {
            text += "Usage: \(HelpFormatter.rootUsage)\n"
            text += "  See '\(HelpFormatter.toolName) --help' for more information.\n"
        }
        errorOutput.write(text)
        return 64
    }
}
