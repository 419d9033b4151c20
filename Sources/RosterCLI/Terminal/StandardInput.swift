import RosterEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input.
public final class StandardInput: LineInput {
    /// Whether standard input is a terminal.
    public var isTerminal: Bool { isatty(0) == 1 }

    /// Reads one line from standard input.
    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Reads single keys from standard input; at a terminal, with line editing, echo and the
    /// keys that send signals turned off until `body` returns, so Ctrl-C arrives as a key.
    public func withKeys<Result>(_ body: (_ readKey: () -> UInt8?) throws -> Result) rethrows -> Result {
        let readKey = { () -> UInt8? in
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count == 1 { return byte }
                if count < 0 && errno == EINTR { continue }
                return nil
            }
        }
        var saved = termios()
        guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return try body(readKey) }
        var raw = Descriptor.singleKeyMode(of: saved)
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        return try body(readKey)
    }
}
