#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects everything written, for tests and for callers that want the text.
public final class CapturedOutput: TextOutput {
    /// Everything written so far.
    public private(set) var text = ""
    /// Whether to claim to be a terminal.
    public let isTerminal: Bool

    /// Creates an empty buffer.
    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    /// Appends `text` to ``text``.
    public func write(_ text: String) {
        self.text += text
    }
}
