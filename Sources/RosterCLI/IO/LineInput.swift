#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the command line reads a person's answers to its questions.
public protocol LineInput: AnyObject {
    /// Whether a person is typing at a terminal, so questions may be asked.
    var isTerminal: Bool { get }
    /// Reads one line without its line end, or `nil` at the end of input.
    func readLine() -> String?
}

/// Standard input.
public final class StandardInput: LineInput {
    /// Creates a reader of standard input.
    public init() {}

    /// Whether standard input is a terminal.
    public var isTerminal: Bool { isatty(0) == 1 }

    /// Reads one line from standard input.
    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Answers given in advance, for tests and for callers that never ask.
public final class ScriptedInput: LineInput {
    private var lines: [String]
    /// Whether to claim to be a terminal.
    public let isTerminal: Bool

    /// Creates an input that returns `lines` one by one, then `nil`.
    public init(_ lines: [String] = [], isTerminal: Bool = false) {
        self.lines = lines
        self.isTerminal = isTerminal
    }

    /// Returns the next scripted line.
    public func readLine() -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }
}
