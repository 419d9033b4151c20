#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Gives each scripted line as one key: its first byte, or Enter for an empty line.
    public func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result {
        try body { [self] in readLine().map { $0.utf8.first ?? 0x0D } }
    }
}
