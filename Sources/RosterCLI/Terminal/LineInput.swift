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
    /// Runs `body` with a reader of single keys, each read as it is pressed, without Enter and
    /// without echo; the reader gives `nil` at the end of input.
    func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result
}
