/// A command line that cannot be run as typed; shown with the usage line, exit code 64.
///
/// The wording follows swift-argument-parser, so roster reads like the Swift tools around it.
enum UsageError: Error, CustomStringConvertible, Equatable {
    case missingArgument(label: String, help: String)
    case missingValue(label: String, help: String)
    case unknownOption(String, suggestion: String?)
    case unexpectedArguments([String])
    case invalidValue(String, label: String, reason: String?)
    case flagWithValue(flag: String, value: String)
    case unknownSubcommand(String, suggestion: String?)
    case emptyEnvironment(String)
    case message(String)

    var description: String {
        switch self {
        case .missingArgument(let label, _):
            return "Missing expected argument '\(label)'"
        case .missingValue(let label, _):
            return "Missing value for '\(label)'"
        case .unknownOption(let option, let suggestion):
            return "Unknown option '\(option)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .unexpectedArguments(let arguments):
            let shown = arguments.prefix(5).map { "'\($0.prefix(60))'" }.joined(separator: ", ")
            let more = arguments.count > 5 ? " and \(arguments.count - 5) more" : ""
            return arguments.count == 1
                ? "Unexpected argument \(shown)" : "Unexpected arguments \(shown)\(more)"
        case .invalidValue(let value, let label, let reason):
            return "The value '\(value.prefix(100))' is invalid for '\(label)'"
                + (reason.map { ". \($0)" } ?? "")
        case .flagWithValue(let flag, let value):
            return "The option '\(flag)' does not take any value, but '\(value)' was specified."
        case .unknownSubcommand(let name, let suggestion):
            return "Unknown subcommand '\(name)'"
                + (suggestion.map { ". Did you mean '\($0)'?" } ?? ". See 'roster help' for the subcommands.")
        case .emptyEnvironment(let name):
            return "The environment variable \(name) is set but empty. Unset it, or set it to the path of "
                + "a roster file."
        case .message(let text):
            return text
        }
    }

    /// The `Help:` line swift-argument-parser adds for a missing argument or value.
    var helpLine: String? {
        switch self {
        case .missingArgument(let label, let help), .missingValue(let label, let help):
            return help.isEmpty ? nil : "\(label)  \(help)"
        default:
            return nil
        }
    }
}
